import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXT } from '@argus/contracts/catalogue';
import { ACCOUNTS } from '../support/accounts';
import { launchBrowser, mainUrl, newContext, screenshot } from '../support/browser';

/** Sign-in through the organisation's OpenID provider, with PKCE, from the sign-in page. */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('sign-in through the OpenID provider', () => {
  it('goes to the provider, comes back signed in, and returns to the page the guard stopped', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(mainUrl('/settings'));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in with keycloak' }).click();

    // The provider's own pages: its login form, then its consent prompt.
    await page.waitForURL((url) => url.hostname === '127.0.0.1');
    await page.locator('input[name="login"]').fill('analyst');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').first().click();
    await page.locator('button[autofocus]').first().click();

    await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/settings');
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    await expect
      .poll(() => page.getByText(TEXT.login.welcome(ACCOUNTS.Intelligence_Analyst.fullName), { exact: true }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).search).not.toContain('code=');
    await screenshot(page, 'provider-sign-in');
    await context.close();
  });

  it('refuses a return that this tab did not start', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(mainUrl('/login?code=forged-code'));
    await expect.poll(() => page.getByText(TEXT.login.failedTitle, { exact: true }).isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await expect.poll(() => heading(page).textContent()).toBe('Secure Sign In');
    await context.close();
  });
});
