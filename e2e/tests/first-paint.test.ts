import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TEXT } from '@argus/contracts/catalogue';
import { launchBrowser, mainUrl, newContext, screenshot } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the first paint on a slow link', () => {
  it('shows the loading screen from the HTML alone, before any script has arrived', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // Scripts that never arrive: what a responder on one bar sees for the first seconds.
    await page.route(/\.(m?js)(\?.*)?$/, (route) => route.abort());
    await page.goto(mainUrl('/login'));
    await expect.poll(() => page.getByText(TEXT.loading.defaultMessage).isVisible()).toBe(true);
    await screenshot(page, 'first-paint-no-script');
    await context.close();
  });

  it('replaces it with the app once the scripts run', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(mainUrl('/login'));
    await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.locator('[data-boot-screen]').count()).toBe(0);
    await context.close();
  });
});
