import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROLES, type Role } from '@argus/contracts/roles';
import { routesFor } from '@argus/contracts/routes';
import { callApiOk } from '../support/api';
import { launchBrowser, newContext, screenshot, signIn, siteUrl } from '../support/browser';
import { drawJpeg } from '../support/images';

/**
 * Argus is portrait-first (issue 19): no page, for any role, on any site, is wider than a phone's
 * screen at 360 or 390 px; tables become cards or scroll inside themselves. Every route each role
 * may open (the route table of docs/specification.md section 2), with rows on the page, and every
 * tab on it.
 */
const WIDTHS = [360, 390] as const;
const SOON = { timeout: 15_000 };
const run = randomUUID().slice(0, 4).toUpperCase();

let browser: Browser;
const contexts: BrowserContext[] = [];

async function phonePage(): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  return context.newPage();
}

/**
 * How far the page is wider than the screen (the width set, not innerWidth: a phone zooms out to
 * fit a page wider than itself, and innerWidth grows with it), and the elements the overflow starts from (those
 * past the right edge whose parent is not, outside any container that scrolls or clips).
 */
function overflow(page: Page, width: number): Promise<{ width: number; scrollWidth: number; culprits: string[] }> {
  return page.evaluate((width) => {
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (scrollWidth > width) {
      const clipped = (element: Element): boolean => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') return true;
        }
        return false;
      };
      const past = (element: Element | null) => !!element && element.getBoundingClientRect().right > width + 0.5;
      for (const element of document.body.querySelectorAll('*')) {
        if (!past(element) || past(element.parentElement) || clipped(element)) continue;
        const rect = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
        culprits.push(`${name} [${Math.round(rect.left)}–${Math.round(rect.right)}] "${(element.textContent ?? '').trim().slice(0, 60)}"`);
        if (culprits.length === 5) break;
      }
    }
    return { width, scrollWidth, culprits };
  }, width);
}

/** Waits for the page's heading and its lists (best effort: live pages keep a connection open). */
async function settled(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), SOON).toBe(title);
  // Best effort: a page may keep a "Loading..." line for something slow (a video) while its rows are in.
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
}

/** Checks the page at each phone width, and again with each of its tabs open. */
async function checkEveryWidth(page: Page, where: string, failures: string[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    const views: Array<{ name: string; open?: () => Promise<void> }> = [{ name: '' }];
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index += 1) {
      const tab = tabs.nth(index);
      const name = (await tab.textContent())?.trim() ?? String(index);
      views.push({ name: ` (${name} tab)`, open: () => tab.click() });
    }
    for (const view of views) {
      await view.open?.();
      if (view.open) await page.waitForTimeout(300);
      const found = await overflow(page, width);
      const name = `${where}${view.name} at ${width} px`;
      if (found.scrollWidth > found.width) {
        failures.push(`${name} is ${found.scrollWidth} px wide:\n    ${found.culprits.join('\n    ')}`);
        console.warn(failures.at(-1));
        await screenshot(page, `phone-overflow-${name.replace(/[^a-z0-9]+/gi, '-')}`);
      }
    }
  }
}

/** Rows for every table: an incident, a unit, a zone and an evidence file, with long names as people write them. */
async function seed(page: Page): Promise<void> {
  const location = { lat: 51.5072, lon: -0.1276, accuracy: 10 };
  await callApiOk(page, 'POST', '/incidents', {
    title: `Structure fire at the northern distribution warehouse loading bay ${run}`,
    category: 'fire',
    severity: 'high',
    location,
    description: 'Smoke seen from the ring road; reported by https://example.org/a/very/long/link/that/does/not/break',
  });
  await callApiOk(page, 'POST', '/units', { callsign: `OVF-${run}`, kind: 'patrol', members: [] });
  const ring = [
    [-0.13, 51.5],
    [-0.12, 51.5],
    [-0.12, 51.51],
    [-0.13, 51.51],
    [-0.13, 51.5],
  ];
  await callApiOk(page, 'POST', '/zones', {
    name: `Riverside industrial estate and the old gasworks ${run}`,
    kind: 'ungoverned',
    riskLevel: 'high',
    geometry: { type: 'Polygon', coordinates: [ring] },
  });
  const photo = await drawJpeg(page);
  await upload(page, `/evidence?filename=${encodeURIComponent(`bodycam-north-gate-front-camera-unit-OVF-${run}-2026-11-27.jpg`)}`, photo);
  const preview = await upload<{ previewId: string }>(
    page,
    `/zones/import/preview?filename=${encodeURIComponent(`prefecture-briefing-no-go-areas-${run}.geojson`)}`,
    fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/zones/self-crossing.geojson')),
  );
  await callApiOk(page, 'POST', '/zones/import', { previewId: preview.previewId });
}

/** A raw upload as the app sends one (the body is the file), answered 2xx or the set-up fails. */
async function upload<T>(page: Page, target: string, bytes: Uint8Array): Promise<T> {
  const answer = await page.evaluate(
    async ({ target, bytes }) => {
      const csrf = document.cookie
        .split('; ')
        .find((item) => item.startsWith('argus_csrf='))
        ?.split('=')[1];
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', 'X-CSRF-Token': decodeURIComponent(csrf ?? '') },
        body: new Uint8Array(bytes),
      });
      return { status: response.status, body: await response.text() };
    },
    { target, bytes: Array.from(bytes) },
  );
  if (answer.status >= 300) throw new Error(`POST ${target} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await phonePage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname !== '/login', SOON);
  await seed(page);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('no page is wider than a phone', () => {
  it('signed out: sign-in, the civic site, and the API and stream gateways', { timeout: 300_000 }, async () => {
    const page = await phonePage();
    const failures: string[] = [];
    for (const [host, path, title] of [
      ['localhost', '/login', 'Secure Sign In'],
      ['civic.localhost', '/', 'Civic Reporter'],
      ['api.localhost', '/', 'API Gateway'],
      ['stream.localhost', '/', 'Stream Gateway'],
    ] as const) {
      await page.goto(siteUrl(host, path));
      await settled(page, title);
      await checkEveryWidth(page, `${host}${path}`, failures);
    }
    expect(failures).toEqual([]);
  });

  it('shows the users and the devices in Settings as cards, not tables scrolling sideways inside the page', async () => {
    const page = await phonePage();
    await signIn(page, 'Command_Admin');
    await page.waitForURL((url) => url.pathname !== '/login', SOON);
    await callApiOk(page, 'POST', '/devices', {
      kind: 'wall_display',
      name: `Operations room north wall, left screen ${run}`,
      role: 'Intelligence_Analyst',
    });
    await page.goto(siteUrl('localhost', '/settings'));
    for (const [caption, name] of [
      ['All users', 'users'],
      ['Registered devices', 'devices'],
    ] as const) {
      const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) });
      await table.waitFor({ state: 'visible', timeout: 15_000 });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        const fits = await table.evaluate((element) => {
          const box = element.parentElement!;
          return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, right: element.getBoundingClientRect().right };
        });
        expect(fits.scrollWidth, `the ${name} at ${width} px`).toBeLessThanOrEqual(fits.clientWidth);
        expect(fits.right).toBeLessThanOrEqual(width);
      }
      await screenshot(page, `settings-${name}-phone`, table);
    }
  });

  for (const role of ROLES) {
    it(`${role}: every page it may open`, { timeout: 600_000 }, async () => {
      const page = await phonePage();
      await signIn(page, role);
      await page.waitForURL((url) => url.pathname !== '/login', SOON);
      const failures: string[] = [];
      for (const route of routesFor(role as Role)) {
        await page.goto(siteUrl('localhost', route.path));
        await settled(page, route.title);
        await checkEveryWidth(page, `${role} ${route.path}`, failures);
      }
      // The role's own site, where it has one (docs/specification.md section 1).
      const own = {
        Field_Unit: ['field.localhost', 'Field Unit Dashboard'],
        Civic_Reporter: ['civic.localhost', 'Civic Reporter'],
      } as const;
      if (role === 'Field_Unit' || role === 'Civic_Reporter') {
        const [host, title] = own[role];
        await signIn(page, role, host);
        await page.waitForURL((url) => url.pathname !== '/login', SOON);
        await settled(page, title);
        await checkEveryWidth(page, `${role} ${host}`, failures);
      }
      expect(failures).toEqual([]);
    });
  }
});
