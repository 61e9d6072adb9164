import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXT } from '@argus/contracts/catalogue';
import { ERROR_SCREEN_MAX_RETRIES } from '@argus/contracts/constants';
import { PRODUCT_VERSION } from '@argus/contracts/product';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('the error screen', () => {
  it('counts retries out of 3, then offers Reset, Go Home and a bug report', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Command_Admin');
    await page.waitForURL((url) => url.pathname === '/');
    // The trigger throws while the parameter is in the URL, so every retry fails again.
    await page.goto(mainUrl('/command?argus-test-error=1'));
    await expect.poll(() => heading(page).textContent()).toBe(TEXT.errorScreen.title);
    await expect.poll(() => page.getByText(TEXT.errorScreen.body).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`Version ${PRODUCT_VERSION}`).isVisible()).toBe(true);
    await screenshot(page, 'error-screen');

    for (let retry = 0; retry < ERROR_SCREEN_MAX_RETRIES; retry += 1) {
      await expect.poll(() => page.getByText(`Retry count: ${retry}/${ERROR_SCREEN_MAX_RETRIES}`).isVisible()).toBe(true);
      const left = ERROR_SCREEN_MAX_RETRIES - retry;
      await page.getByRole('button', { name: `${TEXT.errorScreen.retry} (${left} left)` }).click();
    }
    await expect.poll(() => page.getByText(`Retry count: 3/3`).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: `${TEXT.errorScreen.retry} (0 left)` }).isDisabled()).toBe(true);

    const report = page.getByRole('link', { name: TEXT.errorScreen.reportBug });
    const href = (await report.getAttribute('href')) ?? '';
    expect(href.startsWith('mailto:')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Test error requested');

    await page.getByRole('button', { name: TEXT.errorScreen.reset }).click();
    await expect.poll(() => page.getByText('Retry count: 0/3').isVisible()).toBe(true);

    await page.getByRole('link', { name: TEXT.errorScreen.goHome }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('argus-test-error'));
    await expect.poll(() => heading(page).textContent()).toBe('Operations Home');
    await context.close();
  });
});
