import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import type { UnitKind } from '@argus/contracts/units';
import { callApi, callApiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

/**
 * Dispatch by capability (issue 15, docs/decisions/0039-dispatch-by-capability.md): for a vehicle
 * fire the fire engine is advised before a nearer patrol car, with a straight-line ETA; an
 * administrator gives patrol cars fire suppression in Settings and the advice follows; command
 * dispatches both units in one go.
 */
const run = randomUUID().slice(0, 4).toUpperCase();
const SOON = { timeout: 15_000 };
const LOADED = { timeout: 30_000 };
/** Somewhere no other test puts units: a patrol car 400 m from the scene, a fire engine 3 km. */
const SCENE = { lat: 46.2044, lon: 6.1432 };
const PATROL_AT = { lat: 46.208, lon: 6.1432 };
const ENGINE_AT = { lat: 46.2314, lon: 6.1432 };
const PATROL = `P-${run}`;
const ENGINE = `E-${run}`;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function commandPage(desktop: boolean): Promise<Page> {
  const context = await newContext(browser, { desktop });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname === '/', LOADED);
  return page;
}

async function createUnit(page: Page, callsign: string, kind: UnitKind, at: { lat: number; lon: number }): Promise<Unit> {
  const { unit } = await callApiOk<{ unit: Unit }>(page, 'POST', '/units', { callsign, kind, members: [] });
  await callApiOk(page, 'POST', `/units/${unit.id}/position`, { clientId: randomUUID(), location: at, heading: 0, speed: 0 });
  return unit;
}

/** Opens the incident on /command and answers its dispatch panel. */
async function openDispatch(page: Page, title: string): Promise<Locator> {
  await page.goto(mainUrl('/command'));
  const panel = page.getByRole('region', { name: 'Operations' });
  await panel.getByRole('button', { name: new RegExp(title) }).click(LOADED);
  await expect.poll(() => panel.getByRole('heading', { name: title }).isVisible(), SOON).toBe(true);
  return panel.getByRole('region', { name: 'Dispatch' });
}

/** A screenshot of one part of the page (the dispatch panel, the settings section), for people to look at. */
async function shoot(part: Locator, name: string): Promise<void> {
  fs.mkdirSync('.e2e-artifacts', { recursive: true });
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: path.join('.e2e-artifacts', `${name}.png`), timeout: 15_000 }).catch((error: Error) => {
    console.warn(`screenshot ${name} skipped: ${error.message.split('\n')[0]}`);
  });
}

/** A phone-sized screenshot of what is on screen with `part` at the top. */
async function shootView(page: Page, part: Locator, name: string): Promise<void> {
  await part.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join('.e2e-artifacts', `${name}.png`), timeout: 15_000 }).catch((error: Error) => {
    console.warn(`screenshot ${name} skipped: ${error.message.split('\n')[0]}`);
  });
}

/** The callsigns the panel lists, in its order. */
async function listed(dispatch: Locator): Promise<string[]> {
  const rows = await dispatch.locator('li').allTextContents();
  return rows.map((row) => row.split(' ·')[0]!.trim());
}

describe('dispatch by capability', () => {
  it('advises the fire engine before a nearer patrol car, follows the table an administrator edits, and dispatches two units at once', async () => {
    const command = await commandPage(true);
    const original = await callApiOk<DispatchCapabilitiesResponse>(command, 'GET', '/dispatch/capabilities');
    try {
      const patrol = await createUnit(command, PATROL, 'patrol', PATROL_AT);
      const engine = await createUnit(command, ENGINE, 'fire', ENGINE_AT);
      const title = `Car on fire at the lakeside ${run}`;
      const { incident } = await callApiOk<{ incident: Incident }>(command, 'POST', '/incidents', {
        title,
        category: 'Vehicle fire',
        severity: 'high',
        location: SCENE,
      });

      // 1. The fire engine first, under what the category needs, with a straight-line ETA; the patrol car among the others.
      let dispatch = await openDispatch(command, title);
      const needed = dispatch.getByRole('list', { name: 'Can do what “Vehicle fire” needs (fire suppression)' });
      await expect.poll(() => needed.textContent(), LOADED).toContain(ENGINE);
      const engineRow = needed.locator('li').filter({ hasText: ENGINE });
      expect(await engineRow.textContent()).toMatch(/Has fire suppression3\.00 km · ≈ 5 min straight-line/);
      const others = dispatch.getByRole('list', { name: 'Other available units' });
      expect(await others.locator('li').filter({ hasText: PATROL }).textContent()).toMatch(/400 m · ≈ 1 min straight-line/);
      let order = await listed(dispatch);
      expect(order.indexOf(ENGINE)).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(ENGINE)).toBeLessThan(order.indexOf(PATROL));
      await screenshot(command, 'dispatch-capability-command-desktop');
      await shoot(dispatch, 'dispatch-capability-panel-desktop');
      expect(await seriousViolations(command)).toEqual([]);

      // 2. Settings: a bad speed is refused beside its field and nothing typed is lost; then patrol cars get fire suppression.
      await command.goto(mainUrl('/settings#dispatch'));
      const section = command.getByRole('region', { name: 'Dispatch capabilities' });
      const patrolKind = section.getByRole('group', { name: 'Patrol', exact: true });
      await expect.poll(() => patrolKind.getByLabel('Capabilities').inputValue(), LOADED).toBe('law enforcement, traffic control');
      await patrolKind.getByLabel('Capabilities').fill('law enforcement, traffic control, Fire suppression');
      await patrolKind.getByLabel('Typical speed (km/h)').fill('fast');
      await section.getByRole('button', { name: 'Save dispatch capabilities' }).click();
      await expect.poll(() => patrolKind.getByText('Speed must be a number of km/h.').isVisible(), SOON).toBe(true);
      expect(await patrolKind.getByLabel('Typical speed (km/h)').getAttribute('aria-invalid')).toBe('true');
      expect(await patrolKind.getByLabel('Capabilities').inputValue()).toBe('law enforcement, traffic control, Fire suppression');
      expect((await callApiOk<DispatchCapabilitiesResponse>(command, 'GET', '/dispatch/capabilities')).unitKinds).toEqual(
        original.unitKinds,
      );
      await shoot(section, 'dispatch-capability-settings-refused-desktop');
      expect(await seriousViolations(command)).toEqual([]);
      await patrolKind.getByLabel('Typical speed (km/h)').fill('45');
      await section.getByRole('button', { name: 'Save dispatch capabilities' }).click();
      await expect.poll(() => section.getByRole('status').textContent(), SOON).toContain('Dispatch capabilities saved.');
      expect(await patrolKind.getByLabel('Capabilities').inputValue()).toBe('law enforcement, traffic control, fire suppression');
      const saved = await callApiOk<DispatchCapabilitiesResponse>(command, 'GET', '/dispatch/capabilities');
      expect(saved.unitKinds.find((entry) => entry.kind === 'patrol')!.capabilities).toContain('fire suppression');
      await shoot(section, 'dispatch-capability-settings-desktop');

      // The same on a phone: the settings section and the panel, now with the patrol car first.
      const phone = await commandPage(false);
      await phone.goto(mainUrl('/settings#dispatch'));
      await expect
        .poll(() => phone.getByRole('group', { name: 'Patrol', exact: true }).getByLabel('Capabilities').inputValue(), LOADED)
        .toContain('fire suppression');
      const phoneSection = phone.getByRole('region', { name: 'Dispatch capabilities' });
      await shootView(phone, phoneSection.getByRole('heading', { name: 'Dispatch capabilities' }), 'dispatch-capability-settings-phone');
      await shootView(
        phone,
        phoneSection.getByText('Incident categories', { exact: true }),
        'dispatch-capability-settings-phone-categories',
      );
      const phoneDispatch = await openDispatch(phone, title);
      await expect.poll(async () => (await listed(phoneDispatch)).indexOf(PATROL), LOADED).toBeGreaterThanOrEqual(0);
      await shootView(phone, phoneDispatch, 'dispatch-capability-panel-phone');

      // 3. The advice follows: both can put out the fire now, and the patrol car arrives sooner.
      dispatch = await openDispatch(command, title);
      await expect.poll(async () => (await needed.locator('li').allTextContents()).join('|'), LOADED).toContain(PATROL);
      order = await listed(dispatch);
      expect(order.indexOf(PATROL)).toBeLessThan(order.indexOf(ENGINE));

      // 4. Both units in one go.
      await dispatch.getByRole('checkbox', { name: new RegExp(ENGINE) }).check();
      await dispatch.getByRole('checkbox', { name: new RegExp(PATROL) }).check();
      await dispatch.getByRole('button', { name: 'Dispatch 2 units' }).click();
      await expect
        .poll(() => dispatch.getByRole('status').textContent(), SOON)
        .toContain(`Dispatched ${PATROL}, ${ENGINE} to ${incident.reference}.`);
      const { assignments } = await callApiOk<{ assignments: { unitId: string; status: string }[] }>(
        command,
        'GET',
        `/dispatches?incidentId=${incident.id}`,
      );
      expect(assignments.map((entry) => entry.unitId).sort()).toEqual([patrol.id, engine.id].sort());
      const onIncident = command.getByRole('region', { name: 'Units on this incident' });
      await expect.poll(() => onIncident.textContent(), SOON).toContain(ENGINE);
      expect(await onIncident.textContent()).toContain(PATROL);
    } finally {
      // The suite shares one server: later files find the table as migration 0023 left it.
      const { unitKinds, categories } = original;
      const restored = await callApi(command, 'PUT', '/dispatch/capabilities', { unitKinds, categories });
      expect(restored.status).toBe(200);
    }
  });
});
