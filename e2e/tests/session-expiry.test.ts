import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TEXT } from '@argus/contracts/catalogue';
import { SESSION } from '@argus/contracts/constants';
import { launchBrowser, mainUrl, newContext, signIn } from '../support/browser';

/**
 * The browser's clock is under the test's control, so fifteen idle minutes pass in an instant
 * while the real server keeps its own time.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function signedInWithClock(): Promise<Page> {
  const context = await newContext(browser, { desktop: true });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, 'Intelligence_Analyst');
  await expect.poll(() => heading(page).textContent()).toBe('Analyst Console');
  return page;
}

describe('session expiry in the browser', () => {
  it('signs out with the specification toast once fifteen minutes pass without activity', async () => {
    const page = await signedInWithClock();
    await page.clock.fastForward(SESSION.inactivityMs + SESSION.expiryCheckIntervalMs);
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByText(TEXT.session.expiredTitle, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(TEXT.session.expiredDescription).isVisible()).toBe(true);
    // The server session was ended too: a reload stays signed out.
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Secure Sign In');
    await page.context().close();
  });

  it('sends a keepalive after activity, which slides the expiry', async () => {
    const page = await signedInWithClock();
    const keepalives: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/auth/keepalive') return;
      expect(response.status()).toBe(200);
      keepalives.push(response.request().headers()['x-csrf-token'] ?? '');
    });

    // Busy for twenty minutes of browser time: a mouse move, then five quiet minutes, four
    // times over. The server's clock does not jump with the browser's, so each keepalive
    // reports the server time and the app keeps judging expiry against it.
    for (let round = 1; round <= 4; round += 1) {
      const before = keepalives.length;
      await page.mouse.move(100 + round * 10, 200);
      await expect.poll(() => keepalives.length).toBeGreaterThan(before);
      await page.clock.fastForward(5 * 60_000);
    }
    expect(keepalives.every((token) => token.length > 0)).toBe(true);
    // Still signed in, well past fifteen minutes of browser time since sign-in.
    expect(new URL(page.url()).pathname).toBe('/analyst');
    expect(await heading(page).textContent()).toBe('Analyst Console');
    await page.context().close();
  });

  it('a device clock that runs twenty minutes ahead does not sign the user out', async () => {
    const context = await newContext(browser, { desktop: true });
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() + 20 * 60_000 });
    await signIn(page, 'Intelligence_Analyst');
    await expect.poll(() => heading(page).textContent()).toBe('Analyst Console');
    await page.clock.fastForward(2 * SESSION.expiryCheckIntervalMs);
    expect(new URL(page.url()).pathname).toBe('/analyst');
    expect(await page.getByText(TEXT.session.expiredTitle, { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('signs out quietly when the server no longer knows the session', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Field_Unit');
    await expect.poll(() => heading(page).textContent()).toBe('Field Unit Dashboard');
    await context.clearCookies();
    await page.goto(mainUrl('/fieldunit'));
    await page.waitForURL((url) => url.pathname === '/login');
    // A 401 from the check is not an error to show.
    expect(await page.getByText(TEXT.session.verifyFailed).count()).toBe(0);
    await context.close();
  });
});
