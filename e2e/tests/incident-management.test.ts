import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Incident } from '@argus/contracts/http/incidents';
import { ACCOUNTS, E2E_UNIT } from '../support/accounts';
import { callApi, callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * Managing incidents after they open (issue 15, docs/decisions/0035-incident-management.md):
 * command edits severity and location (typed as MGRS), recalls a unit with a reason, reassigns
 * another in one step, and, once the last unit has cleared, answers the prompt by resolving
 * with a disposition. The crew's phone follows each change.
 */
const FIELD_HOST = 'field.localhost';
const run = randomUUID().slice(0, 4).toUpperCase();
const SOON = { timeout: 15_000 };
/** 30U XC 99 10 reads as 51.51035° N 0.12496° W (the coordinate field's own example). */
const MGRS = '30U XC 99 10';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function page(options: { desktop?: boolean }, geolocation?: boolean): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  if (geolocation) {
    await context.grantPermissions(['geolocation'], { origin: siteUrl(FIELD_HOST, '') });
    await context.setGeolocation({ latitude: 51.5072, longitude: -0.1276, accuracy: 8 });
  }
  return context.newPage();
}

async function openIncident(command: Page, title: string, lat: number): Promise<Incident> {
  const { incident } = await callApiOk<{ incident: Incident }>(command, 'POST', '/incidents', {
    title,
    category: 'fire',
    severity: 'high',
    location: { lat, lon: -0.1276 },
  });
  return incident;
}

/** Ends whatever assignment an earlier test left the e2e unit on, so it can be dispatched. */
async function freeUnit(command: Page, unitId: string): Promise<void> {
  const { assignments } = await callApiOk<{ assignments: { id: string }[] }>(command, 'GET', `/dispatches?active=true&unitId=${unitId}`);
  for (const assignment of assignments) await callApiOk(command, 'POST', `/dispatches/${assignment.id}/cancel`, { reason: 'Test set-up' });
}

describe('incident management', () => {
  it('edits, recalls, reassigns and resolves with a disposition, the crew following on its phone', async () => {
    const command = await page({ desktop: true });
    await signIn(command, 'Command_Admin');
    await command.waitForURL((url) => url.pathname !== '/login');
    const { units } = await callApiOk<{ units: { id: string; callsign: string; status: string }[] }>(command, 'GET', '/units');
    const unit = units.find((candidate) => candidate.callsign === E2E_UNIT.callsign)!;
    await freeUnit(command, unit.id);
    await callApiOk(command, 'POST', `/units/${unit.id}/position`, {
      clientId: randomUUID(),
      location: { lat: 51.505, lon: -0.1276 },
      heading: 0,
      speed: 0,
    });
    const first = await openIncident(command, `Smoke at the depot ${run}`, 51.5);
    const second = await openIncident(command, `Car fire on the bridge ${run}`, 51.508);

    const field = await page({}, true);
    await signIn(field, 'Field_Unit', FIELD_HOST);
    await expect.poll(() => field.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), SOON).toBe(true);
    const assignment = field.getByRole('region', { name: 'Assignment', exact: true });

    await command.goto(mainUrl('/command'));
    const panel = command.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: new RegExp(`Smoke at the depot ${run}`) }).click();
    await expect.poll(() => panel.getByRole('heading', { name: `Smoke at the depot ${run}` }).isVisible(), SOON).toBe(true);

    // 1. Edit severity and location, the location typed as MGRS; the timeline says who changed what.
    await panel.getByRole('button', { name: 'Edit incident' }).click();
    const edit = panel.getByRole('form', { name: `Edit ${first.reference}` });
    await edit.getByLabel('Severity').selectOption('critical');
    await edit.getByLabel('Move to a coordinate (MGRS, UTM or degrees)').fill(MGRS);
    await edit.getByRole('button', { name: 'Use', exact: true }).click();
    await expect.poll(() => edit.getByTestId('incident-edit-place').textContent()).toContain('51.51');
    await screenshot(command, 'incident-management-1-edit-desktop');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.textContent(), SOON).toContain('Edited severity High → Critical; location');
    expect(await timeline.textContent()).toContain(`${ACCOUNTS.Command_Admin.fullName}: Edited`);
    // Each entry with its full date and time; seconds on demand.
    const year = String(new Date().getFullYear());
    expect(await timeline.locator('time').first().textContent()).toMatch(new RegExp(`${year} \\d\\d:\\d\\d$`));
    await timeline.getByLabel('Show seconds').check();
    expect(await timeline.locator('time').first().textContent()).toMatch(new RegExp(`${year} \\d\\d:\\d\\d:\\d\\d$`));
    const edited = await callApiOk<{ incident: Incident }>(command, 'GET', `/incidents/${first.id}`);
    expect(edited.incident.severity).toBe('critical');
    expect(edited.incident.location.lat).toBeCloseTo(51.51035, 3);
    expect(edited.incident.location.lon).toBeCloseTo(-0.12496, 3);

    // 2. Dispatch the unit, then recall it with a reason: available again, the phone shows no assignment.
    const dispatch = panel.getByRole('region', { name: 'Dispatch' });
    const dispatchUnit = async () => {
      await dispatch.getByRole('checkbox', { name: new RegExp(E2E_UNIT.callsign) }).check();
      await dispatch.getByRole('button', { name: 'Dispatch 1 unit' }).click();
      await expect.poll(() => dispatch.getByRole('status').textContent(), SOON).toContain(`Dispatched ${E2E_UNIT.callsign}`);
    };
    await dispatchUnit();
    await expect.poll(() => assignment.textContent(), SOON).toContain(first.reference);
    const onIncident = panel.getByRole('region', { name: 'Units on this incident' });
    await onIncident.getByRole('button', { name: `Recall or reassign ${E2E_UNIT.callsign}` }).click();
    await onIncident.getByRole('button', { name: `Recall ${E2E_UNIT.callsign}` }).click();
    await expect.poll(() => onIncident.getByText('Give a reason for the recall.').isVisible()).toBe(true);
    await onIncident.getByLabel('Reason for the recall').fill('Smoke was a bonfire, checked by phone');
    await onIncident.getByRole('button', { name: `Recall ${E2E_UNIT.callsign}` }).click();
    await expect.poll(() => onIncident.getByText('Reason: Smoke was a bonfire, checked by phone').isVisible(), SOON).toBe(true);
    await expect.poll(() => timeline.textContent(), SOON).toContain(`${E2E_UNIT.callsign} cancelled: Smoke was a bonfire`);
    const status = async () =>
      (await callApiOk<{ units: { id: string; status: string }[] }>(command, 'GET', '/units')).units.find((item) => item.id === unit.id)!
        .status;
    expect(await status()).toBe('available');
    await expect.poll(() => assignment.textContent(), SOON).toContain('No assignment');
    // The crew is told it was on purpose, and why.
    await expect.poll(() => assignment.textContent(), SOON).toContain('Smoke was a bonfire, checked by phone');
    expect(await assignment.textContent()).toMatch(/Recalled from INC-\d{4}-\d{6} at \d\d:\d\d:\d\d/);
    await screenshot(field, 'incident-management-1b-recalled-phone');

    // 3. Dispatch it again and move it to the second incident in one step; the phone follows.
    await dispatchUnit();
    await onIncident.getByRole('button', { name: `Recall or reassign ${E2E_UNIT.callsign}` }).click();
    await onIncident.getByLabel('Send to another incident').selectOption(second.id);
    await onIncident.getByRole('button', { name: `Reassign ${E2E_UNIT.callsign} to ${second.reference}` }).click();
    await expect.poll(() => onIncident.getByText(`Reason: Reassigned to ${second.reference}`).isVisible(), SOON).toBe(true);
    await expect.poll(() => assignment.textContent(), SOON).toContain(second.reference);
    await screenshot(field, 'incident-management-2-reassigned-phone');

    // 4. The crew works the second incident through to clear; command is asked what next, and resolves.
    const milestones = [
      ['Acknowledge', 'acknowledged'],
      ['En route', 'en_route'],
      ['On scene', 'on_scene'],
    ] as const;
    const milestone = (name: string) =>
      field.getByRole('group', { name: 'Assignment milestones' }).getByRole('button', { name, exact: true });
    for (const [name, reached] of milestones) {
      await expect
        .poll(
          () =>
            milestone(name)
              .isEnabled()
              .catch(() => false),
          SOON,
        )
        .toBe(true);
      await milestone(name).click();
      await expect.poll(() => assignment.locator('[data-assignment-status]').getAttribute('data-assignment-status'), SOON).toBe(reached);
    }
    await milestone('Clear').click();
    await expect.poll(() => assignment.textContent(), SOON).toContain('No assignment');
    await panel.getByRole('button', { name: 'All open incidents' }).click();
    await panel.getByRole('button', { name: new RegExp(`Car fire on the bridge ${run}`) }).click();
    const prompt = panel.getByTestId('all-units-left');
    await expect.poll(() => prompt.isVisible(), SOON).toBe(true);
    expect(await prompt.textContent()).toContain('All units have left this incident.');
    const secondUnits = panel.getByRole('region', { name: 'Units on this incident' });
    expect(await secondUnits.textContent()).toContain('Cleared');
    expect(await secondUnits.textContent()).not.toContain('None yet');
    await screenshot(command, 'incident-management-3-all-left-desktop');
    await prompt.getByRole('button', { name: 'Resolve…' }).click();
    const closing = panel.getByRole('form', { name: `Resolve ${second.reference}` });
    await closing.getByLabel('Outcome').selectOption('resolved_by_unit');
    await closing.getByLabel('Summary').fill('Fire put out with an extinguisher; car towed.');
    await closing.getByRole('button', { name: 'Resolve incident' }).click();
    await expect.poll(() => panel.getByTestId('incident-disposition').textContent(), SOON).toContain('Resolved by unit');
    await expect.poll(() => timeline.textContent(), SOON).toContain('Outcome: Resolved by unit — Fire put out');
    await screenshot(command, 'incident-management-4-resolved-desktop');

    // The same detail on a phone-sized command screen.
    const phone = await page({});
    await signIn(phone, 'Command_Admin');
    await phone.waitForURL((url) => url.pathname !== '/login');
    await phone.goto(mainUrl('/command'));
    const phonePanel = phone.getByRole('region', { name: 'Operations' });
    await phonePanel.getByRole('button', { name: new RegExp(`Smoke at the depot ${run}`) }).click();
    await expect.poll(() => phonePanel.getByRole('region', { name: 'Units on this incident' }).textContent(), SOON).toContain('Cancelled');
    await screenshot(phone, 'incident-management-5-units-phone');

    // What a refused change looks like: nothing moves.
    const stale = await callApi(command, 'PATCH', `/incidents/${first.id}`, { severity: 'low', expectedUpdatedAt: first.updatedAt });
    expect(stale.status).toBe(409);
  });
});
