import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '@argus/contracts/http/auth';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Report } from '@argus/contracts/http/reports';
import type { Role } from '@argus/contracts/roles';
import { ACCOUNTS } from '../support/accounts';
import { callApi } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

// Live maps render in software here: close each test's pages so they do not slow the next test.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    const pages = contexts.flatMap((item) => item.pages());
    await Promise.all(pages.map((item, index) => screenshot(item, `analyst-failure-${index}`).catch(() => undefined)));
  }
  const open = contexts.splice(0).filter((context) => context !== reporter?.context());
  if (reporter) contexts.push(reporter.context());
  await Promise.all(open.map((context) => context.close().catch(() => undefined)));
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/**
 * Realtime changes arrive without a reload. Shorter than the 15 s the pages fall back to while
 * their socket is down, so these checks fail if realtime does not deliver.
 */
const LIVE = { timeout: 12_000, interval: 250 };
/** A round trip to the server and a render, on a busy shared machine. */
const SOON = { timeout: 15_000, interval: 200 };
/** A page's first load: sign-in, the app's scripts and its first queries, on a loaded machine. */
const LOADED = { timeout: 30_000, interval: 250 };

async function openAs(role: Role, options: { desktop?: boolean } = {}): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, role);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** Files a civic report as the page's user, optionally with a small PNG drawn in the page. */
async function fileReport(
  page: Page,
  fields: { category: string; description: string; lat: number; lon: number },
  withPhoto = false,
): Promise<Report> {
  const answer = await callApi<{ report: Report }>(page, 'POST', '/reports', {
    clientId: randomUUID(),
    kind: 'civic',
    category: fields.category,
    description: fields.description,
    location: { lat: fields.lat, lon: fields.lon, accuracy: 12 },
  });
  expect(answer.status).toBe(201);
  const { report } = answer.body;
  if (withPhoto) {
    const token = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)!.value;
    const status = await page.evaluate(
      async ({ path, header, token }) => {
        const canvas = document.createElement('canvas');
        canvas.width = 96;
        canvas.height = 64;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#d4a72c';
        context.fillRect(0, 0, 96, 64);
        context.fillStyle = '#1a1b1e';
        context.fillRect(24, 16, 48, 32);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
        const response = await fetch(path, { method: 'PUT', headers: { 'content-type': 'image/png', [header]: token }, body: blob });
        return response.status;
      },
      { path: `/reports/${report.id}/photos/${randomUUID()}`, header: CSRF_HEADER, token },
    );
    expect(status).toBe(200);
  }
  return report;
}

const queueItem = (page: Page, report: Report) => page.locator(`[data-report-id="${report.id}"]`);
const detail = (page: Page) => page.locator('section[aria-labelledby="report-detail-heading"]');

// One word no other test writes, so search finds exactly this run's report.
const TOKEN = `quayside${Date.now().toString(36)}`;
const HARBOUR = { lat: 38.7069, lon: -9.1357 };
let reporter: Page;
let first: Report;
let duplicate: Report;
let incident: Incident;

describe('analyst console', () => {
  it('a civic report reaches the queue live; the analyst reviews it under a visible lock and verifies it into an incident', async () => {
    const analyst = await openAs('Intelligence_Analyst', { desktop: true });
    await analyst.waitForURL((url) => url.pathname === '/analyst');
    await expect.poll(() => heading(analyst).textContent(), SOON).toBe('Analyst Console');
    await expect.poll(() => analyst.getByRole('heading', { name: 'Triage queue' }).isVisible(), SOON).toBe(true);

    reporter = await openAs('Civic_Reporter');
    first = await fileReport(
      reporter,
      { category: 'fire', description: `Thick smoke from the ${TOKEN} warehouse roof by the harbour`, ...HARBOUR },
      true,
    );
    duplicate = await fileReport(reporter, {
      category: 'fire',
      description: `Smoke over the ${TOKEN} warehouse, flames on the roof`,
      lat: HARBOUR.lat + 0.0012,
      lon: HARBOUR.lon + 0.001,
    });

    // No reload: the queue picks the new report up by itself.
    await expect.poll(() => queueItem(analyst, first).isVisible(), LIVE).toBe(true);
    expect(await queueItem(analyst, first).textContent()).toContain(first.trackingCode);

    await queueItem(analyst, first).click();
    const pane = detail(analyst);
    await expect.poll(() => pane.getByText('You are reviewing this report').isVisible(), SOON).toBe(true);
    expect(await pane.textContent()).toContain(first.trackingCode);
    expect(await pane.textContent()).toMatch(/MGRS\s*29S/);
    expect(await pane.textContent()).toContain('38.70690° N 9.13570° W');
    const photo = pane.getByRole('img', { name: `Photo 1 of report ${first.trackingCode}` });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), SOON).toBe(96);
    // The neighbour filed a minute later 150 m away is suggested as a duplicate.
    await expect.poll(() => pane.getByRole('button', { name: `Open report ${duplicate.trackingCode}` }).isVisible(), SOON).toBe(true);
    expect(await pane.textContent()).toMatch(/1\d\d m away/);
    await expect.poll(() => pane.locator('[data-operational-map]').getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');

    // Someone else opening the console sees who holds the report, and cannot act on it.
    const command = await openAs('Command_Admin', { desktop: true });
    await command.goto(mainUrl('/analyst'));
    await expect
      .poll(() => queueItem(command, first).textContent(), LIVE)
      .toContain(`${ACCOUNTS.Intelligence_Analyst.fullName} is reviewing this`);
    await queueItem(command, first).click();
    const blocked = detail(command);
    await expect
      .poll(() => blocked.getByRole('alert').first().textContent(), SOON)
      .toContain(`${ACCOUNTS.Intelligence_Analyst.fullName} is reviewing this`);
    expect(await blocked.getByRole('button', { name: 'Verify and open incident' }).isDisabled()).toBe(true);
    expect(await blocked.getByRole('button', { name: 'Break lock' }).isVisible()).toBe(true);
    await screenshot(command, 'analyst-locked-by-other-desktop');
    await command.context().close();

    await screenshot(analyst, 'analyst-report-desktop');
    await pane.getByLabel('Incident title').fill(`Warehouse fire at the ${TOKEN} harbour`);
    await pane.getByLabel('Severity').selectOption('high');
    await pane.getByRole('button', { name: 'Verify and open incident' }).click();
    await expect.poll(() => pane.getByText(/^Verified into INC-\d{4}-\d{6}/).isVisible(), SOON).toBe(true);
    // A verdict takes the report out of the queue.
    await expect.poll(() => queueItem(analyst, first).count(), SOON).toBe(0);

    const incidents = await callApi<{ incidents: Incident[] }>(analyst, 'GET', '/incidents?limit=200');
    expect(incidents.status).toBe(200);
    incident = incidents.body.incidents.find((item) => item.title === `Warehouse fire at the ${TOKEN} harbour`)!;
    expect(incident).toMatchObject({ severity: 'high', category: 'fire', status: 'new' });
    expect(await pane.textContent()).toContain(`Verified into ${incident.reference}`);

    // Threat level and a note on the new incident, from the open incidents list.
    const row = analyst.locator('section[aria-labelledby="open-incidents-heading"] li').filter({ hasText: incident.reference });
    await expect.poll(() => row.isVisible(), LIVE).toBe(true);
    await row.getByLabel('Threat level').selectOption('elevated');
    await expect
      .poll(
        async () => (await callApi<{ incident: Incident }>(analyst, 'GET', `/incidents/${incident.id}`)).body.incident.threatLevel,
        SOON,
      )
      .toBe('elevated');
    await row.getByRole('button', { name: 'Notes' }).click();
    await row.getByLabel(`Add a note to ${incident.reference}`).fill(`Harbour CCTV shows the ${TOKEN} roof alight`);
    await row.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => row.getByText(`Harbour CCTV shows the ${TOKEN} roof alight`).isVisible(), SOON).toBe(true);

    // Full-text search finds the report, the incident and the note, matches marked.
    const search = analyst.locator('section[aria-labelledby="search-heading"]');
    await search.getByLabel('Search reports, incidents and messages').fill(TOKEN);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => search.getByRole('article', { name: new RegExp(`^Report: ${first.trackingCode}`) }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await search.getByRole('article').count()).toBeGreaterThanOrEqual(3);
    expect(await search.locator('mark').first().textContent()).toMatch(new RegExp(TOKEN, 'i'));
    expect(await search.textContent()).not.toMatch(/[«»]/);
    await screenshot(analyst, 'analyst-verified-search-desktop');
    expect(await seriousViolations(analyst)).toEqual([]);
  });

  it('command breaks a lock, the analyst sees it taken, and command merges the duplicate (phone)', async () => {
    const analyst = await openAs('Intelligence_Analyst');
    await expect.poll(() => heading(analyst).textContent(), SOON).toBe('Analyst Console');
    // Already filed before this page opened: the queue's first fetch brings it, not realtime.
    await expect.poll(() => queueItem(analyst, duplicate).isVisible(), LOADED).toBe(true);
    await screenshot(analyst, 'analyst-queue-phone');
    await queueItem(analyst, duplicate).click();
    const pane = detail(analyst);
    await expect.poll(() => pane.getByText('You are reviewing this report').isVisible(), SOON).toBe(true);
    // On a phone the report takes the screen; the queue is back after Close.
    expect(await analyst.getByRole('heading', { name: 'Triage queue' }).isVisible()).toBe(false);
    await screenshot(analyst, 'analyst-report-phone');
    expect(await seriousViolations(analyst)).toEqual([]);

    const command = await openAs('Command_Admin');
    await command.goto(mainUrl(`/analyst?report=${duplicate.id}`));
    const commandPane = detail(command);
    await expect.poll(() => commandPane.getByRole('button', { name: 'Break lock' }).isVisible(), LIVE).toBe(true);
    await commandPane.getByRole('button', { name: 'Break lock' }).click();
    await expect.poll(() => commandPane.getByText('You are reviewing this report').isVisible(), SOON).toBe(true);

    // The analyst learns without reloading that command has it now; their actions are off.
    await expect
      .poll(() => pane.getByRole('alert').first().textContent(), LIVE)
      .toContain(`${ACCOUNTS.Command_Admin.fullName} is reviewing this`);
    expect(await pane.getByRole('button', { name: 'Reject report' }).isDisabled()).toBe(true);
    await screenshot(analyst, 'analyst-lock-broken-phone');

    const merge = commandPane.getByRole('button', { name: `Merge into ${incident.reference}` });
    await expect.poll(() => merge.isVisible(), LIVE).toBe(true);
    await merge.click();
    await expect.poll(() => commandPane.getByText(`Merged as a duplicate into ${incident.reference}`).isVisible(), SOON).toBe(true);
    const merged = await callApi<{ report: Report }>(command, 'GET', `/reports/${duplicate.id}`);
    expect(merged.body.report).toMatchObject({ status: 'merged', incidentId: incident.id });

    // Exact: on a slow run the sign-in's welcome toast, with its "Close notification", may still show.
    await analyst.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => analyst.getByRole('heading', { name: 'Triage queue' }).isVisible(), SOON).toBe(true);
    await expect.poll(() => queueItem(analyst, duplicate).count(), LIVE).toBe(0);
  });

  it('a report is rejected only with a reason', async () => {
    const nonsense = await fileReport(reporter, { category: 'other', description: 'Testing testing one two', lat: 38.75, lon: -9.2 });
    const analyst = await openAs('Intelligence_Analyst');
    await analyst.goto(mainUrl(`/analyst?report=${nonsense.id}`));
    const pane = detail(analyst);
    await expect.poll(() => pane.getByText('You are reviewing this report').isVisible(), SOON).toBe(true);
    await pane.getByRole('button', { name: 'Reject report' }).click();
    await expect.poll(() => pane.getByText('Say why the report is rejected.').isVisible(), SOON).toBe(true);
    await pane.getByLabel('Reason').fill('A test message, not an incident.');
    await pane.getByRole('button', { name: 'Reject report' }).click();
    await expect.poll(() => pane.getByText('Rejected. Reason: A test message, not an incident.').isVisible(), SOON).toBe(true);
    const mine = await callApi<{ reports: Report[] }>(reporter, 'GET', '/reports');
    expect(mine.body.reports.find((report) => report.id === nonsense.id)).toMatchObject({ status: 'rejected', statusText: 'Closed' });
  });
});

describe('home page counts', () => {
  it('command sees live counts on the home page, on a desktop and a phone', async () => {
    for (const desktop of [true, false]) {
      const home = await openAs('Command_Admin', { desktop });
      await expect.poll(() => heading(home).textContent(), SOON).toBe('Operations Home');
      const counts = home.getByRole('list', { name: 'Live counts' });
      await expect.poll(() => counts.isVisible(), SOON).toBe(true);
      const overview = (await callApi<{ openIncidents: Record<string, number>; reportsAwaitingTriage: number }>(home, 'GET', '/overview'))
        .body;
      expect(overview.openIncidents.high).toBeGreaterThanOrEqual(1);
      const card = (title: string) => counts.getByRole('listitem').filter({ hasText: title });
      expect(await card('Open incidents').textContent()).toContain(
        String(Object.values(overview.openIncidents).reduce((sum, value) => sum + value, 0)),
      );
      expect(await card('Reports awaiting triage').textContent()).toContain(String(overview.reportsAwaitingTriage));
      expect(await card('Units').textContent()).toContain('Out of service');
      // The pages list is still there.
      expect(
        await home
          .locator('section[aria-labelledby="home-pages-heading"]')
          .getByRole('link', { name: /Analyst Console/ })
          .isVisible(),
      ).toBe(true);
      await screenshot(home, `home-counts-${desktop ? 'desktop' : 'phone'}`);
      expect(await seriousViolations(home)).toEqual([]);
    }
  });

  it('a new report raises the count without a reload', async () => {
    const home = await openAs('Command_Admin', { desktop: true });
    const card = home.getByRole('list', { name: 'Live counts' }).getByRole('listitem').filter({ hasText: 'Reports awaiting triage' });
    await expect.poll(() => card.isVisible(), SOON).toBe(true);
    const before = Number((await card.locator('span.text-3xl').textContent()) ?? 'NaN');
    await fileReport(reporter, { category: 'flood', description: 'Water over the quay road', lat: 38.7, lon: -9.14 });
    await expect.poll(async () => Number(await card.locator('span.text-3xl').textContent()), LIVE).toBe(before + 1);
  });

  it('field units and civic reporters get no counts and never ask for them', async () => {
    for (const role of ['Field_Unit', 'Civic_Reporter'] as const) {
      const context = await newContext(browser, { desktop: true });
      contexts.push(context);
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/overview') asked.push(request.url());
      });
      await signIn(page, role);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(mainUrl('/'));
      await expect.poll(() => heading(page).textContent(), SOON).toBe('Operations Home');
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('list', { name: 'Live counts' }).count()).toBe(0);
      expect(asked).toEqual([]);
    }
  });
});
