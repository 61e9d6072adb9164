import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ACCOUNTS } from '../support/accounts';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the audit log in Settings', () => {
  it('lists sign-ins, filters by action, and verifies the chain', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Super_Admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(mainUrl('/settings'));

    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
    await page.getByLabel('Action').selectOption('auth.login_success');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(async () => (await entries.allTextContents()).every((text) => text.includes('auth.login_success'))).toBe(true);
    await expect.poll(() => entries.filter({ hasText: ACCOUNTS.Super_Admin.email }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /Chain intact: \d+ entries verified\./ })
          .isVisible(),
      )
      .toBe(true);
    await page.getByRole('heading', { name: 'Audit log' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'audit-log');
    await context.close();
  });
});
