import { ROLE_LABELS } from '@argus/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXT } from '@argus/contracts/catalogue';
import { ACCOUNTS, INACTIVE_ACCOUNT } from '../support/accounts';
import { callApi } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('switching users', () => {
  it('a Super_Admin lists active users, switches to a Field_Unit, sees the banner and switches back', async () => {
    const context = await newContext(browser, { desktop: true });
    const page = await context.newPage();
    await signIn(page, 'Super_Admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(mainUrl('/settings'));
    await expect.poll(() => heading(page).textContent()).toBe('Settings');

    const section = page.locator('section[aria-labelledby="switch-heading"]');
    await expect.poll(() => section.getByRole('button', { name: `Switch to ${ACCOUNTS.Field_Unit.fullName}` }).isVisible()).toBe(true);
    // Never oneself, never an inactive account.
    expect(await section.getByRole('button', { name: `Switch to ${ACCOUNTS.Super_Admin.fullName}` }).count()).toBe(0);
    expect(await section.getByRole('button', { name: `Switch to ${INACTIVE_ACCOUNT.fullName}` }).count()).toBe(0);

    await section.getByRole('button', { name: `Switch to ${ACCOUNTS.Field_Unit.fullName}` }).click();
    const banner = page.getByRole('region', { name: 'Switched user' });
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await banner.textContent()).toContain(`You are operating as ${ACCOUNTS.Field_Unit.fullName} (${ROLE_LABELS.Field_Unit})`);
    expect(await banner.textContent()).toContain(`signed in as ${ACCOUNTS.Super_Admin.fullName}`);
    await screenshot(page, 'switched-banner');

    // The Field_Unit's own limits now apply.
    await page.goto(mainUrl('/command'));
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/fieldunit');
    await page.goto(mainUrl('/fieldunit'));
    await expect.poll(() => heading(page).textContent()).toBe('Field Unit Dashboard');

    await page.getByRole('button', { name: 'Switch back' }).click();
    // Switching back reloads the page; its toast shows once the reloaded app is up, and only
    // then may the test navigate without racing the reload.
    await expect.poll(() => page.getByText(TEXT.switching.switchedBackTitle, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await banner.count()).toBe(0);
    await page.goto(mainUrl('/command'));
    await expect.poll(() => heading(page).textContent()).toBe('Command Dashboard');
    await context.close();
  });

  it('a non-administrator has no switch section and the API refuses with 403', async () => {
    const context = await newContext(browser, { desktop: true });
    const page = await context.newPage();
    await signIn(page, 'Intelligence_Analyst');
    await page.waitForURL((url) => url.pathname === '/analyst');
    await page.goto(mainUrl('/settings'));
    await expect.poll(() => heading(page).textContent()).toBe('Settings');
    expect(await page.locator('section[aria-labelledby="switch-heading"]').count()).toBe(0);

    const answer = await callApi(page, 'POST', '/auth/switch', { userId: 'anyone' });
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain(TEXT.switching.accessDeniedDescription);
    await context.close();
  });
});
