import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import type { z } from 'zod';
import { E2E_UNIT } from '../support/accounts';
import { callApiOk } from '../support/api';
import { drawJpeg } from '../support/images';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';
import { sourceFeatures } from '../support/map';

/**
 * Issue 4's whole flow, four people in four browsers at once, nobody reloading: a civic
 * reporter files a report with a photo → the analyst sees it arrive and verifies it into an
 * incident → command sees the incident, dispatches the field unit → the field unit sees the
 * assignment and marks en route and on scene → command sees each change → the timeline holds
 * every step, and the reporter is told responders are on it.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

/** Shorter than the 15 s the pages poll at while their socket is down: these fail if realtime does not deliver. */
const LIVE = { timeout: 12_000, interval: 250 };
const SOON = { timeout: 20_000, interval: 250 };
const HARBOUR = { lat: 59.9075, lon: 10.737 };
const TOKEN = `pierfire${Date.now().toString(36)}`;

async function open(
  role: Parameters<typeof signIn>[1],
  host: string,
  desktop: boolean,
  setUp?: (context: BrowserContext) => Promise<void>,
): Promise<Page> {
  const context = await newContext(browser, { desktop });
  contexts.push(context);
  await setUp?.(context);
  const page = await context.newPage();
  await signIn(page, role, host);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  return page;
}

/** Earlier tests share E2E-1: end whatever it was doing and put it beside the harbour. */
async function readyTheUnit(command: Page): Promise<Unit> {
  const { units } = await callApiOk<{ units: Unit[] }>(command, 'GET', '/units');
  const unit = units.find((candidate) => candidate.callsign === E2E_UNIT.callsign)!;
  const { assignments } = await callApiOk<{ assignments: { id: string; status: string }[] }>(
    command,
    'GET',
    `/dispatches?active=true&unitId=${unit.id}`,
  );
  for (const assignment of assignments) {
    await callApiOk(command, 'POST', `/dispatches/${assignment.id}/status`, {
      clientId: randomUUID(),
      status: assignment.status === 'on_scene' ? 'cleared' : 'cancelled',
    });
  }
  if (unit.emergency) await callApiOk(command, 'POST', `/units/${unit.id}/sos/clear`);
  await callApiOk(command, 'POST', `/units/${unit.id}/status`, { clientId: randomUUID(), status: 'available' });
  await callApiOk(command, 'POST', `/units/${unit.id}/position`, {
    clientId: randomUUID(),
    location: { lat: HARBOUR.lat + 0.0004, lon: HARBOUR.lon + 0.0004, accuracy: 10 },
  });
  return unit;
}

describe('the operational picture, end to end', () => {
  it('a civic report becomes an incident, a dispatch and a unit on scene, live on every screen', async () => {
    const command = await open('Command_Admin', 'localhost', true);
    const unit = await readyTheUnit(command);
    await command.goto(mainUrl('/command'));
    await expect.poll(() => command.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Command Dashboard');

    const analyst = await open('Intelligence_Analyst', 'localhost', true);
    await expect.poll(() => analyst.getByRole('heading', { name: 'Triage queue' }).isVisible(), SOON).toBe(true);

    const field = await open('Field_Unit', 'field.localhost', false);
    await expect.poll(() => field.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), SOON).toBe(true);

    const civic = await open('Civic_Reporter', 'civic.localhost', false, async (context) => {
      await context.grantPermissions(['geolocation'], { origin: siteUrl('civic.localhost', '') });
      await context.setGeolocation({ latitude: HARBOUR.lat, longitude: HARBOUR.lon, accuracy: 12 });
    });
    await expect.poll(() => civic.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Civic Reporter');

    // 1. The public: a report with a photo, from where they stand.
    const photo = await drawJpeg(civic);
    const description = `Flames on the ${TOKEN} at the harbour, people on the quay`;
    await civic.getByLabel('What is it?').selectOption('fire');
    await civic.getByLabel('What do you see?').fill(description);
    await civic.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => civic.getByText('From this device').isVisible(), SOON).toBe(true);
    await civic.locator('input[type="file"]').setInputFiles({ name: 'pier.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => civic.getByRole('img', { name: 'Photo 1' }).isVisible(), SOON).toBe(true);
    await civic.getByRole('button', { name: 'Send report' }).click();
    const mine = civic.getByRole('region', { name: 'My reports' }).locator('li[data-tracking-code]').filter({ hasText: description });
    await expect.poll(() => mine.getByText('1 photo').isVisible(), { timeout: 30_000 }).toBe(true);
    const trackingCode = (await mine.getAttribute('data-tracking-code'))!;
    expect(trackingCode).toMatch(/^RPT-/);

    // 2. The analyst: it arrives in the queue by itself, and is verified into an incident.
    const queued = analyst.locator('[data-report-id]').filter({ hasText: trackingCode });
    await expect.poll(() => queued.isVisible(), LIVE).toBe(true);
    await queued.click();
    const pane = analyst.locator('section[aria-labelledby="report-detail-heading"]');
    await expect.poll(() => pane.getByText('You are reviewing this report').isVisible(), SOON).toBe(true);
    await pane.getByLabel('Incident title').fill(`Harbour fire ${TOKEN}`);
    await pane.getByLabel('Severity').selectOption('critical');
    await pane.getByRole('button', { name: 'Verify and open incident' }).click();
    await expect.poll(() => pane.getByText(/^Verified into INC-\d{4}-\d{6}/).isVisible(), SOON).toBe(true);
    const reference = (await pane.getByText(/^Verified into INC-\d{4}-\d{6}/).textContent())!.match(/INC-\d{4}-\d{6}/)![0];
    await screenshot(analyst, 'flow-1-analyst-verified');

    // 3. Command: the incident is in the queue and on the map without a reload; dispatch E2E-1.
    const queueEntry = command.getByRole('button', { name: new RegExp(`Harbour fire ${TOKEN}`) });
    await expect.poll(() => queueEntry.isVisible(), LIVE).toBe(true);
    await expect
      .poll(
        async () => (await sourceFeatures(command, 'incidents')).some((feature) => Object.values(feature.properties).includes(reference)),
        SOON,
      )
      .toBe(true);
    await queueEntry.click();
    const panel = command.getByRole('region', { name: 'Operations' });
    const dispatch = panel.getByRole('region', { name: 'Dispatch' });
    await dispatch.getByRole('checkbox', { name: new RegExp(E2E_UNIT.callsign) }).check();
    await dispatch.getByRole('button', { name: 'Dispatch 1 unit' }).click();
    await expect.poll(() => dispatch.getByRole('status').textContent(), SOON).toContain(`Dispatched ${E2E_UNIT.callsign}`);
    const onIncident = panel.getByRole('region', { name: 'Units on this incident' });

    // 4. The field unit: the assignment arrives by itself; en route, then on scene.
    const milestone = (name: string) =>
      field.getByRole('group', { name: 'Assignment milestones' }).getByRole('button', { name, exact: true });
    await expect
      .poll(
        () =>
          milestone('Acknowledge')
            .isEnabled()
            .catch(() => false),
        LIVE,
      )
      .toBe(true);
    expect(await field.getByText(`Harbour fire ${TOKEN}`).first().isVisible()).toBe(true);
    await milestone('Acknowledge').click();
    await expect.poll(() => onIncident.textContent(), LIVE).toContain('Acknowledged');
    await milestone('En route').click();
    await expect.poll(() => onIncident.textContent(), LIVE).toContain('En route');
    await milestone('On scene').click();
    await expect.poll(() => onIncident.textContent(), LIVE).toContain('On scene');
    await screenshot(field, 'flow-2-field-on-scene');

    // 5. The timeline holds every step, on screen and in the API, in order.
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    for (const step of [
      `Report ${trackingCode} verified into this incident`,
      `${E2E_UNIT.callsign} assigned`,
      `${E2E_UNIT.callsign} acknowledged`,
      `${E2E_UNIT.callsign} en route`,
      `${E2E_UNIT.callsign} on scene`,
    ]) {
      await expect.poll(() => timeline.textContent(), LIVE).toContain(step);
    }
    await screenshot(command, 'flow-3-command-timeline');
    const { incidents } = await callApiOk<{ incidents: { id: string; reference: string; status: string }[] }>(
      command,
      'GET',
      '/incidents?limit=200',
    );
    const incident = incidents.find((candidate) => candidate.reference === reference)!;
    expect(incident.status).toBe('on_scene');
    const { entries } = await callApiOk<{ entries: z.infer<typeof TimelineEntry>[] }>(command, 'GET', `/incidents/${incident.id}/timeline`);
    // The report stands at the time it was filed; alerts other tests' zones raise about it may come and go.
    expect(entries.map((entry) => entry.kind).filter((kind) => kind !== 'alert.raised')).toEqual([
      'report.filed',
      'incident.created',
      'report.verified',
      'dispatch.assigned',
      'incident.status',
      'dispatch.acknowledged',
      'dispatch.en_route',
      'dispatch.on_scene',
      'incident.status',
    ]);

    // 6. The reporter is told, without a reload, that responders are there (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
    await expect.poll(() => mine.getByText('Responders on scene').isVisible(), LIVE).toBe(true);

    // The unit clears, leaving E2E-1 free for whoever comes next.
    await milestone('Clear').click();
    await expect
      .poll(
        async () =>
          (await callApiOk<{ units: Unit[] }>(command, 'GET', '/units')).units.find((candidate) => candidate.id === unit.id)!.status,
        SOON,
      )
      .toBe('available');
  });
});
