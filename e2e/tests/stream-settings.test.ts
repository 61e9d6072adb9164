import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STREAM_BITRATE_KBPS } from '@argus/contracts/http/stream-settings';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('stream settings', () => {
  it('confirms a save and names a wrong field as people know it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Command_Admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(mainUrl('/stream-settings'));
    const bitrate = page.getByLabel('Bitrate (kbit/s)');
    await expect.poll(() => bitrate.isVisible()).toBe(true);
    // Other tests publish with this account's defaults: put them back at the end.
    const original = await bitrate.inputValue();

    await bitrate.fill(String(STREAM_BITRATE_KBPS.max + 1));
    await page.getByRole('button', { name: 'Save my defaults' }).click();
    const refusal = page.getByText(`Bitrate is ${STREAM_BITRATE_KBPS.min} to ${STREAM_BITRATE_KBPS.max} kbit/s.`);
    await expect.poll(() => refusal.isVisible()).toBe(true);
    expect(await page.getByText('bitrateKbps').count()).toBe(0);

    await bitrate.fill('1200');
    await page.getByRole('button', { name: 'Save my defaults' }).click();
    await expect.poll(() => page.getByText('Your defaults are saved.').isVisible()).toBe(true);
    // The saved value is what the page shows after the save, and after a reload.
    expect(await bitrate.inputValue()).toBe('1200');
    await screenshot(page, 'stream-settings-saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Bitrate (kbit/s)').inputValue()).toBe('1200');

    await page.getByLabel('Bitrate (kbit/s)').fill(original);
    await page.getByRole('button', { name: 'Save my defaults' }).click();
    await expect.poll(() => page.getByText('Your defaults are saved.').isVisible()).toBe(true);
    await context.close();
  });
});
