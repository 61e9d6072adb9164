import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from '@argus/contracts/http/audit';
import { ACCOUNTS } from '../support/accounts';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Settings is a lazy page and the log a fetch: on a loaded machine both take well over a second. */
const LOADED = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the audit log in Settings', () => {
  it('lists sign-ins in words, filters by action, and verifies the chain', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Super_Admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(mainUrl('/settings'));

    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
    await expect.poll(() => entries.count(), LOADED).toBeGreaterThan(0);
    // Whatever the other tests wrote, no entry shows a bare id: people by name, other ids shortened.
    for (const text of await entries.allTextContents()) expect(text).not.toMatch(UUID);
    // The filter offers each action by its label, never by its code.
    const options = await page.getByLabel('Action').locator('option').allTextContents();
    expect(options).toEqual(['Any action', ...AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action])]);
    await page.getByLabel('Action').selectOption({ label: 'Signed in' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // Each entry reads "Signed in", with the code smaller beneath for whoever searches by it.
    await expect
      .poll(
        async () => (await entries.allTextContents()).every((text) => text.includes('Signed in') && text.includes('auth.login_success')),
        LOADED,
      )
      .toBe(true);
    const mine = entries.filter({ hasText: ACCOUNTS.Super_Admin.email });
    await expect.poll(() => mine.count(), LOADED).toBeGreaterThan(0);
    const first = mine.first();
    expect(await first.locator('.font-semibold').first().textContent()).toBe('Signed in');
    expect(await first.locator('.font-mono').first().textContent()).toBe('auth.login_success');
    // The target of a sign-in is the account: shown as its person, the id only on hover.
    expect(await first.textContent()).toContain(`Target: ${ACCOUNTS.Super_Admin.fullName} (${ACCOUNTS.Super_Admin.email})`);
    expect(await first.getByText(/^Target: /).getAttribute('title')).toMatch(UUID);

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /Chain intact: \d+ entries verified\./ })
            .isVisible(),
        LOADED,
      )
      .toBe(true);
    await page.getByRole('heading', { name: 'Audit log' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'audit-log');
    await screenshot(page, 'audit-log-phone', page.getByRole('region', { name: 'Audit log' }));

    const desktop = await newContext(browser, { desktop: true });
    const wide = await desktop.newPage();
    await signIn(wide, 'Super_Admin');
    await wide.waitForURL((url) => url.pathname === '/');
    await wide.goto(mainUrl('/settings'));
    await expect.poll(() => wide.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').count(), LOADED).toBeGreaterThan(0);
    await wide.getByRole('heading', { name: 'Audit log' }).scrollIntoViewIfNeeded();
    await screenshot(wide, 'audit-log-desktop', wide.getByRole('region', { name: 'Audit log' }));
    await desktop.close();
    await context.close();
  });
});
