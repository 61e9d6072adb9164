import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROLES, type Role } from '@argus/contracts/roles';
import { APP_ROUTES, canAccess } from '@argus/contracts/routes';
import { launchBrowser, mainUrl, newContext, signIn } from '../support/browser';

/**
 * Every role against every route of the table in docs/specification.md, in the real app: admitted pages show
 * their own heading inside <main>; refused ones send the visitor to /login.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const guarded = APP_ROUTES.filter((route) => route.path !== '/login');

async function expectOutcome(page: Page, path: string, admitted: boolean, title: string) {
  await page.goto(mainUrl(path));
  if (admitted) {
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe(title);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.locator('main h1').count()).toBe(1);
  } else {
    await page.waitForURL((url) => url.pathname === '/login');
  }
}

describe('route access', () => {
  for (const role of ROLES) {
    it(`${role}: every route admits or bounces as the table says`, async () => {
      const context: BrowserContext = await newContext(browser, { desktop: true });
      const page = await context.newPage();
      await signIn(page, role);
      await page.waitForURL((url) => url.pathname !== '/login');
      for (const route of guarded) {
        await expectOutcome(page, route.path, canAccess(route.access, role as Role), route.title);
      }
      await context.close();
    });
  }

  it('a signed-out visitor is sent to /login from every guarded route', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const route of guarded) await expectOutcome(page, route.path, false, route.title);
    await context.close();
  });
});
