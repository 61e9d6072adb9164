import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNTS, E2E_PASSWORD } from '../support/accounts';
import { launchBrowser, newContext, screenshot, siteUrl } from '../support/browser';

/**
 * One server, many sites: the Host header decides what a visitor sees. Each `*.localhost`
 * name reaches the same loopback server, exactly as separate DNS names would in production.
 */
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<Page> {
  await context?.close();
  context = await newContext(browser);
  return context.newPage();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function signInHere(page: Page, host: string, email: string) {
  await page.goto(siteUrl(host, '/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Page loads and sign-in (a password hash) on a machine shared with other work. */
const SOON = { timeout: 15_000 };

describe('sites by host', () => {
  for (const host of ['localhost', 'www.localhost', 'preview.localhost', 'pr-12.preview.localhost', 'elsewhere.localhost']) {
    it(`${host} serves the main site`, async () => {
      const page = await freshPage();
      await page.goto(siteUrl(host, '/command'));
      // A signed-out visitor to a protected main-site page goes to the main sign-in screen.
      await page.waitForURL((url) => url.pathname === '/login');
      await expect.poll(() => heading(page).textContent()).toBe('Secure Sign In');
      await signInHere(page, host, ACCOUNTS.Command_Admin.email);
      // Back to where the guard found the visitor.
      await page.waitForURL((url) => url.pathname === '/command');
      await expect.poll(() => heading(page).textContent()).toBe('Command Dashboard');
    });
  }

  for (const host of ['civic.localhost', 'reporter.localhost', 'north.reporter.localhost']) {
    it(`${host} shows the civic reporter page on every path`, async () => {
      const page = await freshPage();
      await page.goto(siteUrl(host, '/command'));
      // Signed out, anyone may report without an account (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
      await expect.poll(() => heading(page).textContent(), SOON).toBe('Civic Reporter');
      await expect.poll(() => page.getByText('No account needed').isVisible(), SOON).toBe(true);
      await signInHere(page, host, ACCOUNTS.Civic_Reporter.email);
      await page.waitForURL((url) => url.pathname !== '/login', SOON);
      await expect.poll(() => heading(page).textContent(), SOON).toBe('Civic Reporter');
      for (const path of ['/', '/command', '/analytics', '/no/such/page']) {
        await page.goto(siteUrl(host, path));
        await expect.poll(() => heading(page).textContent(), { message: `${host}${path}` }).toBe('Civic Reporter');
      }
      if (host === 'civic.localhost') {
        await page.waitForLoadState('networkidle');
        await screenshot(page, 'site-civic');
      }
    });
  }

  for (const host of ['field.localhost', 'unit.localhost', 'east.unit.localhost']) {
    it(`${host} shows the field unit page on every path`, async () => {
      const page = await freshPage();
      await page.goto(siteUrl(host, '/'));
      await page.waitForURL((url) => url.pathname === '/login');
      await signInHere(page, host, ACCOUNTS.Field_Unit.email);
      await expect.poll(() => heading(page).textContent(), SOON).toBe('Field Unit Dashboard');
      for (const path of ['/', '/settings', '/civic-reporter']) {
        await page.goto(siteUrl(host, path));
        await expect.poll(() => heading(page).textContent(), { message: `${host}${path}` }).toBe('Field Unit Dashboard');
      }
      if (host === 'field.localhost') {
        await page.waitForLoadState('networkidle');
        await screenshot(page, 'site-field');
      }
    });
  }

  it('the civic site tells a field unit it has nothing for them instead of looping', async () => {
    const page = await freshPage();
    await signInHere(page, 'civic.localhost', ACCOUNTS.Field_Unit.email);
    // The field unit may not open the civic reporter page, so the sign-in page says so instead.
    await expect.poll(() => page.getByText(`Signed in as ${ACCOUNTS.Field_Unit.fullName}.`).isVisible(), SOON).toBe(true);
    expect(await heading(page).textContent()).not.toBe('Civic Reporter');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('api.localhost shows the API gateway landing page on every non-API path', async () => {
    const page = await freshPage();
    for (const path of ['/', '/command', '/docs']) {
      await page.goto(siteUrl('api.localhost', path));
      await expect.poll(() => heading(page).textContent(), { message: path }).toBe('API Gateway');
    }
    await expect.poll(() => page.getByText('2.0.0').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /api reference/i })
          .first()
          .getAttribute('href'),
      )
      .toContain('openapi.json');
    await screenshot(page, 'site-api');
    // On a phone each path reads whole with its summary under it, not in a column off the screen.
    const summary = page.locator('text="Sign in with email and password" >> visible=true');
    await expect.poll(() => summary.count()).toBe(1);
    const box = (await summary.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    // The API answers on this host, and says which site type it is.
    const status = await page.evaluate(async () => (await fetch('/status')).json() as Promise<{ site: string }>);
    expect(status.site).toBe('api');
    const reference = await page.evaluate(async () => {
      const response = await fetch('/openapi.json');
      return { status: response.status, body: (await response.json()) as { paths: Record<string, unknown> } };
    });
    expect(reference.status).toBe(200);
    expect(Object.keys(reference.body.paths)).toContain('/auth/login');
  });

  it('stream.localhost shows the stream gateway landing page on every non-API path', async () => {
    const page = await freshPage();
    for (const path of ['/', '/production']) {
      await page.goto(siteUrl('stream.localhost', path));
      await expect.poll(() => heading(page).textContent(), { message: path }).toBe('Stream Gateway');
    }
    const status = await page.evaluate(async () => (await fetch('/status')).json() as Promise<{ site: string }>);
    expect(status.site).toBe('stream');
    await screenshot(page, 'site-stream');
  });

  it('stream.localhost offers staff a sign-in in place, then shows the live rooms', async () => {
    const page = await freshPage();
    await page.goto(siteUrl('stream.localhost', '/'));
    await expect.poll(() => heading(page).textContent()).toBe('Stream Gateway');
    const rooms = page.getByRole('region', { name: 'Live rooms and WHIP/WHEP endpoints' });
    await expect.poll(() => rooms.getByLabel('Email').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'site-stream-sign-in');
    await rooms.getByLabel('Email').fill(ACCOUNTS.Command_Admin.email);
    await rooms.getByLabel('Password').fill(E2E_PASSWORD);
    await rooms.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => rooms.getByRole('columnheader', { name: 'Viewers', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await rooms.getByLabel('Email').count()).toBe(0);
    // The session is this site's: a reload still shows the rooms.
    await page.reload();
    await expect.poll(() => rooms.getByRole('columnheader', { name: 'Viewers', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'site-stream-signed-in');
  });

  it('every site answers the API and reports its own site type', async () => {
    const page = await freshPage();
    const expected: Record<string, string> = {
      localhost: 'main',
      'civic.localhost': 'civic',
      'reporter.localhost': 'civic',
      'field.localhost': 'field',
      'unit.localhost': 'field',
      'preview.localhost': 'preview',
      'elsewhere.localhost': 'unknown',
    };
    // Through the browser, because only Chromium resolves every *.localhost name to loopback.
    for (const [host, site] of Object.entries(expected)) {
      const response = await page.goto(siteUrl(host, '/status'));
      expect(response?.status(), host).toBe(200);
      expect(((await response?.json()) as { site: string }).site, host).toBe(site);
    }
  });

  it('camera and microphone are allowed only where live video is published', async () => {
    const page = await freshPage();
    const policy = async (host: string) => (await page.goto(siteUrl(host, '/login')))?.headers()['permissions-policy'] ?? '';
    expect(await policy('localhost')).toMatch(/camera=\(self\)/);
    expect(await policy('field.localhost')).toMatch(/camera=\(self\)/);
    expect(await policy('civic.localhost')).toMatch(/camera=\(\)/);
    expect(await policy('api.localhost')).toMatch(/microphone=\(\)/);
  });
});
