import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_UNIT } from '../support/accounts';
import { callApi, callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * Device time (issue 16, docs/decisions/0042-device-time.md): a crew taps en route and on scene
 * during a minute with no signal; when the phone comes back, the milestones carry the times of
 * the taps, not the time the signal returned, and command's timeline says they arrived late.
 */
const FIELD_HOST = 'field.localhost';
const SOON = { timeout: 15_000 };
/** The dead zone the issue asks for. */
const OFFLINE_MS = 60_000;
/** How far a milestone may be from the tap: the offset estimate and the click's own time. */
const TOLERANCE_MS = 1_000;

let browser: Browser;
let command: BrowserContext;
let commandPage: Page;

interface Assignment {
  id: string;
  status: string;
  milestones: Record<string, number>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  command = await newContext(browser, { desktop: true });
  commandPage = await command.newPage();
  await signIn(commandPage, 'Command_Admin');
  await commandPage.waitForURL((url) => url.pathname !== '/login');
});

afterAll(async () => {
  await browser?.close();
});

const milestoneButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Assignment milestones' }).getByRole('button', { name, exact: true });

/** Taps a button and answers when, on the phone's clock, the tap happened (between the two readings). */
async function tap(page: Page, name: string): Promise<{ before: number; after: number }> {
  const before = await page.evaluate(() => Date.now());
  await milestoneButton(page, name).click();
  const after = await page.evaluate(() => Date.now());
  return { before, after };
}

function expectAtTap(at: number | undefined, { before, after }: { before: number; after: number }) {
  expect(at).toBeGreaterThanOrEqual(before - TOLERANCE_MS);
  expect(at).toBeLessThanOrEqual(after + TOLERANCE_MS);
}

describe('device time on a phone with no signal', () => {
  it('dates en route and on scene by the taps made offline for 60 s, not by when the signal returned', { timeout: 240_000 }, async () => {
    const { units } = await callApiOk<{ units: { id: string; callsign: string }[] }>(commandPage, 'GET', '/units');
    const unit = units.find((candidate) => candidate.callsign === E2E_UNIT.callsign)!;
    // Ends whatever assignment an earlier test left the unit on, so it can be dispatched again.
    const active = await callApiOk<{ assignments: Assignment[] }>(commandPage, 'GET', `/dispatches?active=true&unitId=${unit.id}`);
    for (const assignment of active.assignments) {
      const status = assignment.status === 'on_scene' ? 'cleared' : 'cancelled';
      await callApiOk(commandPage, 'POST', `/dispatches/${assignment.id}/status`, { clientId: randomUUID(), status });
    }
    const title = `Flooded underpass ${Date.now()}`;
    const incident = await callApiOk<{ incident: { id: string } }>(commandPage, 'POST', '/incidents', {
      title,
      category: 'flood',
      severity: 'high',
      location: { lat: 51.5135, lon: -0.1167 },
    });
    const dispatched = await callApi(commandPage, 'POST', `/incidents/${incident.incident.id}/dispatch`, { unitIds: [unit.id] });
    expect(dispatched.status).toBe(201);
    const dispatchId: string = dispatched.body.dispatches[0].id;
    const assignment = async () =>
      (await callApiOk<{ assignments: Assignment[] }>(commandPage, 'GET', `/dispatches?active=false&unitId=${unit.id}`)).assignments.find(
        (candidate) => candidate.id === dispatchId,
      )!;

    const phone = await newContext(browser);
    await phone.grantPermissions(['geolocation'], { origin: siteUrl(FIELD_HOST, '') });
    await phone.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 8 });
    const page = await phone.newPage();
    await signIn(page, 'Field_Unit', FIELD_HOST);
    await expect.poll(() => page.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), SOON).toBe(true);
    await expect.poll(() => page.getByText(title).isVisible(), { timeout: 30_000 }).toBe(true);
    await milestoneButton(page, 'Acknowledge').click();
    await expect.poll(async () => (await assignment()).status, SOON).toBe('acknowledged');

    // A minute in a dead zone: en route at its start, on scene half-way through.
    await phone.setOffline(true);
    await expect.poll(() => page.getByText(/^Offline\./).isVisible(), SOON).toBe(true);
    const offlineSince = Date.now();
    const enRoute = await tap(page, 'En route');
    await page.waitForTimeout(OFFLINE_MS / 2);
    const onScene = await tap(page, 'On scene');
    await expect.poll(() => page.getByRole('heading', { name: 'Waiting to send (2)' }).isVisible(), SOON).toBe(true);
    // The unit reads as the taps left it, not as the server last said ("Dispatched").
    expect(await page.locator('[data-unit-status]').textContent()).toContain('Status: On scene');
    await page.waitForTimeout(Math.max(0, OFFLINE_MS - (Date.now() - offlineSince)));
    await page.locator('#outbox').scrollIntoViewIfNeeded();
    await screenshot(page, 'device-time-phone-offline');
    expect((await assignment()).status).toBe('acknowledged');

    await phone.setOffline(false);
    await expect.poll(async () => (await assignment()).status, { timeout: 45_000 }).toBe('on_scene');
    const { milestones } = await assignment();
    expectAtTap(milestones.en_route, enRoute);
    expectAtTap(milestones.on_scene, onScene);

    // The timeline keeps the taps' times with the receipt beside them: en route reached the
    // server about a minute after it was tapped.
    const { entries } = await callApiOk<{ entries: { kind: string; at: number; receivedAt?: number | null }[] }>(
      commandPage,
      'GET',
      `/incidents/${incident.incident.id}/timeline`,
    );
    const enRouteEntry = entries.find((entry) => entry.kind === 'dispatch.en_route')!;
    expect(enRouteEntry.at).toBe(milestones.en_route);
    expect(enRouteEntry.receivedAt! - enRouteEntry.at).toBeGreaterThanOrEqual(OFFLINE_MS - 5_000);

    await expect.poll(() => page.getByText('Online. Everything is sent.').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'device-time-phone-back-online');

    // Command's view: the incident's timeline with the taps' times, seconds shown, and how late each arrived.
    await commandPage.goto(mainUrl('/command'));
    const panel = commandPage.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: new RegExp(title) }).click();
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.textContent(), SOON).toContain(`${E2E_UNIT.callsign} en route`);
    await timeline.getByLabel('Show seconds').check();
    await expect.poll(() => timeline.textContent(), SOON).toMatch(/en route\s*\(received (\d+ s|1 min \d+ s) later\)/);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(commandPage, 'device-time-command-timeline');

    await callApiOk(commandPage, 'POST', `/dispatches/${dispatchId}/status`, { clientId: randomUUID(), status: 'cleared' });
    await phone.close();
  });
});
