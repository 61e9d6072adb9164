import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXT } from '@argus/contracts/catalogue';
import { ROLES, homeRouteFor } from '@argus/contracts/roles';
import { findRoute } from '@argus/contracts/routes';
import { ACCOUNTS, E2E_PASSWORD, INACTIVE_ACCOUNT } from '../support/accounts';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function freshPage(): Promise<Page> {
  const context = await newContext(browser);
  return context.newPage();
}

async function submit(page: Page, email: string, password: string) {
  await page.goto(mainUrl('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('signing in', () => {
  for (const role of ROLES) {
    it(`${role} lands on ${homeRouteFor(role)} with the welcome toast`, async () => {
      const page = await freshPage();
      await signIn(page, role);
      const home = homeRouteFor(role);
      await page.waitForURL((url) => url.pathname === home);
      await expect.poll(() => heading(page).textContent()).toBe(findRoute(home)!.title);
      await expect.poll(() => page.getByText(TEXT.login.successTitle, { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText(TEXT.login.welcome(ACCOUNTS[role].fullName), { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.locator('main').count()).toBe(1);
      await screenshot(page, `home-${role}`);
      await page.context().close();
    });
  }

  it('refuses a wrong password and an unknown account with the same words', async () => {
    const page = await freshPage();
    await submit(page, ACCOUNTS.Field_Unit.email, 'Not-The-Password-42');
    await expect.poll(() => page.getByText(TEXT.login.invalidCredentials).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await submit(page, 'nobody@e2e.argus.test', E2E_PASSWORD);
    await expect.poll(() => page.getByText(TEXT.login.invalidCredentials).first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('refuses a deactivated account and says why', async () => {
    const page = await freshPage();
    await submit(page, INACTIVE_ACCOUNT.email, E2E_PASSWORD);
    await expect
      .poll(
        () =>
          page
            .getByText(/deactivated/)
            .first()
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('logging out replaces history, so Back does not return to the signed-in page', async () => {
    const page = await freshPage();
    await signIn(page, 'Intelligence_Analyst');
    await page.waitForURL((url) => url.pathname === '/analyst');
    const entriesBefore = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The sign-in page took the analyst page's place in history rather than adding an entry.
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore);
    await expect.poll(() => page.getByText(TEXT.logout.title, { exact: true }).isVisible()).toBe(true);
    // Back leaves the app or stays signed out; it never shows the analyst's page again.
    await page.goBack().catch(() => undefined);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).not.toBe('/analyst');
    expect(await page.getByRole('heading', { name: 'Analyst Console' }).count()).toBe(0);
    await page.context().close();
  });

  it('returns to the page the guard stopped the visitor at, when the role allows it', async () => {
    const page = await freshPage();
    await page.goto(mainUrl('/evidence-review'));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(ACCOUNTS.Command_Admin.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/evidence-review');
    await expect.poll(() => heading(page).textContent()).toBe('Evidence Review');
    await page.context().close();

    // A Field_Unit may not open Evidence Review, so it goes to its own home instead.
    const other = await freshPage();
    await other.goto(mainUrl('/evidence-review'));
    await other.waitForURL((url) => url.pathname === '/login');
    await other.getByLabel('Email').fill(ACCOUNTS.Field_Unit.email);
    await other.getByLabel('Password').fill(E2E_PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.waitForURL((url) => url.pathname === '/fieldunit');
    await other.context().close();
  });
});
