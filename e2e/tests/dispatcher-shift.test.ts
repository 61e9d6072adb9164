import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Incident } from '@argus/contracts/http/incidents';
import { ACCOUNTS, E2E_UNIT } from '../support/accounts';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * A dispatcher's whole shift, through the screens each person uses (issue 15, "Done means"): a
 * civic report on a phone, verified on /analyst, its severity raised and a unit sent by capability
 * on /command (docs/decisions/0039-dispatch-by-capability.md), the crew and command talking in the
 * inbox (0036), the crew's milestones on its phone, the incident resolved and closed with a
 * disposition and a public note (0035, 0044), its timeline in order with full times (0014) and
 * its report printed (0041). Then a recall with a reason and a reassignment, followed on the
 * crew's phone. The API is used only to set things up: the unit's position, a second incident.
 */
const CIVIC_HOST = 'civic.localhost';
const FIELD_HOST = 'field.localhost';
const run = randomUUID().slice(0, 4).toUpperCase();
const SOON = { timeout: 20_000 };
const LOADED = { timeout: 30_000 };
/** Somewhere no other test puts units or incidents: the crew 300 m from the scene, so it is the nearest match. */
const SCENE = { latitude: 60.3913, longitude: 5.3221, accuracy: 10 };
const CREW_AT = { latitude: 60.394, longitude: 5.3221, accuracy: 8 };
const artifacts = path.resolve('.e2e-artifacts');

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function page(options: { desktop?: boolean } = {}, at?: { host: string; position: typeof SCENE }): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  if (at) {
    await context.grantPermissions(['geolocation'], { origin: siteUrl(at.host, '') });
    await context.setGeolocation(at.position);
  }
  return context.newPage();
}

async function signedIn(role: 'Command_Admin' | 'Intelligence_Analyst', path: string): Promise<Page> {
  const signed = await page({ desktop: true });
  await signIn(signed, role);
  await signed.waitForURL((url) => url.pathname !== '/login', LOADED);
  await signed.goto(mainUrl(path));
  return signed;
}

/** The crew's phone on the field site, showing its unit. */
async function crewPhone(): Promise<Page> {
  const field = await page({}, { host: FIELD_HOST, position: CREW_AT });
  await signIn(field, 'Field_Unit', FIELD_HOST);
  await expect.poll(() => field.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), LOADED).toBe(true);
  return field;
}

/** Set-up: the e2e unit free of whatever an earlier test left it on, and placed near the scene. */
async function readyUnit(command: Page): Promise<string> {
  const { units } = await callApiOk<{ units: { id: string; callsign: string; emergency: unknown }[] }>(command, 'GET', '/units');
  const unit = units.find((candidate) => candidate.callsign === E2E_UNIT.callsign)!;
  if (unit.emergency) await callApiOk(command, 'POST', `/units/${unit.id}/sos/clear`, {});
  const { assignments } = await callApiOk<{ assignments: { id: string }[] }>(command, 'GET', `/dispatches?active=true&unitId=${unit.id}`);
  for (const assignment of assignments) await callApiOk(command, 'POST', `/dispatches/${assignment.id}/cancel`, { reason: 'Test set-up' });
  await callApiOk(command, 'POST', `/units/${unit.id}/position`, {
    clientId: randomUUID(),
    location: { lat: CREW_AT.latitude, lon: CREW_AT.longitude },
    heading: 0,
    speed: 0,
  });
  return unit.id;
}

/** Opens the incident in the Operations panel of /command. */
async function openOnCommand(command: Page, title: string): Promise<Locator> {
  const panel = command.getByRole('region', { name: 'Operations' });
  await command.getByRole('tab', { name: /^Incidents/ }).click(LOADED);
  // Another incident may be open in the panel: back to the list first.
  const list = panel.getByRole('button', { name: 'All open incidents' });
  if (await list.isVisible()) await list.click();
  await panel.getByRole('button', { name: new RegExp(title) }).click(LOADED);
  await expect.poll(() => panel.getByRole('heading', { name: title }).isVisible(), SOON).toBe(true);
  return panel;
}

/** Presses one of the crew's milestone buttons once it can be pressed. */
async function milestone(field: Page, name: string): Promise<void> {
  const button = field.getByRole('group', { name: 'Assignment milestones' }).getByRole('button', { name, exact: true });
  await expect.poll(() => button.isEnabled().catch(() => false), SOON).toBe(true);
  await button.click();
}

/**
 * A phone-sized screenshot of what the crew sees with `part` at the top: a full-page picture of a
 * phone draws the sticky header and SOS bar over the middle of the page, where no one sees them.
 */
async function shootView(field: Page, part: Locator, name: string): Promise<void> {
  fs.mkdirSync(artifacts, { recursive: true });
  // Below the sticky header rather than under it.
  await part.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72));
  await field.screenshot({ path: path.join(artifacts, `${name}.png`), timeout: 15_000 }).catch((error: Error) => {
    console.warn(`screenshot ${name} skipped: ${error.message.split('\n')[0]}`);
  });
}

/** The index of the first entry holding each text, in the order given. */
function positions(entries: string[], texts: string[]): number[] {
  return texts.map((wanted) => entries.findIndex((entry) => entry.includes(wanted)));
}

describe('a dispatcher’s shift', () => {
  it('takes a civic report through verification, dispatch, the crew’s work and closing to a printed report', async () => {
    // Set-up: the crew is free and placed near where the report will come from.
    const command = await signedIn('Command_Admin', '/command');
    const unitId = await readyUnit(command);
    const field = await crewPhone();
    const analyst = await signedIn('Intelligence_Analyst', '/analyst');

    // 1. Someone on the street reports on the civic site, with no account.
    const reporter = await page({}, { host: CIVIC_HOST, position: SCENE });
    await reporter.goto(siteUrl(CIVIC_HOST, '/'));
    await expect.poll(() => reporter.getByText('No account needed').isVisible(), LOADED).toBe(true);
    const description = `Two men forcing the door of the chemist on the quay ${run}`;
    await reporter.getByLabel('What is it?').selectOption('crime');
    await reporter.getByLabel('What do you see?').fill(description);
    await reporter.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => reporter.getByText('From this device').isVisible(), SOON).toBe(true);
    await reporter.getByRole('button', { name: 'Send report' }).click();
    const followed = reporter.getByRole('region', { name: 'Follow your report' }).locator('li').first();
    await expect.poll(() => followed.getByText(/^RPT-[A-Z0-9]{8}$/).isVisible(), SOON).toBe(true);
    const trackingCode = (await followed.getByText(/^RPT-[A-Z0-9]{8}$/).textContent())!;
    await screenshot(reporter, 'dispatcher-shift-1-civic-phone');

    // 2. The analyst picks it from the queue and verifies it into an incident.
    const title = `Break-in at the quay chemist ${run}`;
    const queued = analyst.locator('[data-report-id]').filter({ hasText: trackingCode });
    await expect.poll(() => queued.isVisible(), LOADED).toBe(true);
    await queued.click();
    const review = analyst.locator('section[aria-labelledby="report-detail-heading"]');
    await expect.poll(() => review.getByText('You are reviewing this report').isVisible(), SOON).toBe(true);
    expect(await review.textContent()).toContain(description);
    await review.getByLabel('Incident title').fill(title);
    await review.getByLabel('Severity').selectOption('medium');
    await review.getByRole('button', { name: 'Verify and open incident' }).click();
    await expect.poll(() => review.getByText(/^Verified into INC-\d{4}-\d{6}/).isVisible(), SOON).toBe(true);
    const reference = /INC-\d{4}-\d{6}/.exec((await review.getByText(/^Verified into INC-/).textContent())!)![0];
    await screenshot(analyst, 'dispatcher-shift-2-verified-desktop');
    const { incidents } = await callApiOk<{ incidents: Incident[] }>(command, 'GET', '/incidents?limit=200');
    const incident = incidents.find((candidate) => candidate.reference === reference)!;
    expect(incident).toMatchObject({ title, category: 'crime', severity: 'medium' });

    // 3. Command raises the severity on /command.
    const panel = await openOnCommand(command, title);
    await panel.getByRole('button', { name: 'Edit incident' }).click();
    const edit = panel.getByRole('form', { name: `Edit ${reference}` });
    await edit.getByLabel('Severity').selectOption('high');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const timeline = panel.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.textContent(), SOON).toContain('Edited severity Medium → High');

    // 4. Dispatch by capability: the crew, a patrol car 300 m away, is the first that can do what a crime needs.
    const dispatch = panel.getByRole('region', { name: 'Dispatch' });
    const matching = dispatch.getByRole('list', { name: 'Can do what “crime” needs (law enforcement)' });
    await expect.poll(() => matching.locator('li').first().textContent(), LOADED).toContain(E2E_UNIT.callsign);
    expect(await matching.locator('li').first().textContent()).toMatch(/300 m · ≈ 1 min straight-line/);
    await screenshot(command, 'dispatcher-shift-3-dispatch-desktop');
    await dispatch.getByRole('checkbox', { name: new RegExp(E2E_UNIT.callsign) }).check();
    await dispatch.getByRole('button', { name: 'Dispatch 1 unit' }).click();
    await expect.poll(() => dispatch.getByRole('status').textContent(), SOON).toContain(`Dispatched ${E2E_UNIT.callsign} to ${reference}.`);

    // 5. The crew's phone shows the assignment; the crew writes to command and command replies in the inbox.
    const assignment = field.getByRole('region', { name: 'Assignment', exact: true });
    await expect.poll(() => assignment.textContent(), SOON).toContain(reference);
    const thread = field.getByRole('region', { name: 'Messages' });
    await thread.getByLabel('Message command').fill(`Two suspects ran towards the fish market ${run}`);
    await thread.getByRole('button', { name: 'Send message' }).click();
    await command.getByRole('tab', { name: /^Messages/ }).click();
    const conversation = command
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(E2E_UNIT.callsign) })
      .first();
    await expect.poll(() => conversation.textContent(), SOON).toContain(`Two suspects ran towards the fish market ${run}`);
    await conversation.click();
    const history = command.getByRole('list', { name: `Messages with ${E2E_UNIT.callsign}` });
    await expect.poll(() => history.getByText(`Two suspects ran towards the fish market ${run}`).isVisible(), SOON).toBe(true);
    await command.getByLabel(`Reply to ${E2E_UNIT.callsign}`).fill(`Copy, hold the quay side ${run}`);
    await command.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => history.getByText(`Copy, hold the quay side ${run}`).isVisible(), SOON).toBe(true);
    await screenshot(command, 'dispatcher-shift-4-inbox-desktop');
    await expect.poll(() => thread.getByText(`Copy, hold the quay side ${run}`).isVisible(), SOON).toBe(true);
    await shootView(field, thread, 'dispatcher-shift-5-reply-phone');

    // 6. The crew goes en route, arrives and clears, on its phone.
    for (const [name, reached] of [
      ['Acknowledge', 'acknowledged'],
      ['En route', 'en_route'],
      ['On scene', 'on_scene'],
    ] as const) {
      await milestone(field, name);
      await expect.poll(() => assignment.locator('[data-assignment-status]').getAttribute('data-assignment-status'), SOON).toBe(reached);
    }
    await shootView(field, assignment, 'dispatcher-shift-6-on-scene-phone');
    await milestone(field, 'Clear');
    await expect.poll(() => assignment.textContent(), SOON).toContain('No assignment');

    // 7. Command is told every unit has left; it resolves with a disposition and a public note, then closes.
    await openOnCommand(command, title);
    const prompt = panel.getByTestId('all-units-left');
    await expect.poll(() => prompt.isVisible(), SOON).toBe(true);
    await prompt.getByRole('button', { name: 'Resolve…' }).click();
    const resolving = panel.getByRole('form', { name: `Resolve ${reference}` });
    await resolving.getByLabel('Outcome').selectOption('resolved_by_unit');
    const summary = `Door secured, one suspect detained at the fish market ${run}.`;
    await resolving.getByLabel('Summary').fill(summary);
    const note = 'Officers attended and the shop is secure. Thank you for reporting it.';
    await resolving.getByLabel('Note for the public').fill(note);
    await screenshot(command, 'dispatcher-shift-7-resolve-desktop');
    await resolving.getByRole('button', { name: 'Resolve incident' }).click();
    await expect.poll(() => panel.getByTestId('incident-disposition').textContent(), SOON).toContain(`Told the public: ${note}`);
    await panel.getByRole('button', { name: 'Close…' }).click();
    await panel
      .getByRole('form', { name: `Close ${reference}` })
      .getByRole('button', { name: 'Close incident' })
      .click();
    await expect.poll(() => timeline.textContent(), SOON).toContain('Status resolved → closed');

    // 8. The timeline holds every step, in order, each with its date and time.
    const entries = await timeline.getByRole('list', { name: 'Timeline entries' }).getByRole('listitem').allTextContents();
    const steps = [
      `Report ${trackingCode} filed (crime)`,
      `${ACCOUNTS.Intelligence_Analyst.fullName}: Incident opened (medium severity)`,
      `Report ${trackingCode} verified into this incident`,
      `${ACCOUNTS.Command_Admin.fullName}: Edited severity Medium → High`,
      `${E2E_UNIT.callsign} assigned`,
      `${ACCOUNTS.Command_Admin.fullName}: Status new → dispatched`,
      `${ACCOUNTS.Field_Unit.fullName} on ${E2E_UNIT.callsign}’s thread: “Two suspects ran towards the fish market ${run}”`,
      `${ACCOUNTS.Command_Admin.fullName} on ${E2E_UNIT.callsign}’s thread: “Copy, hold the quay side ${run}”`,
      `${E2E_UNIT.callsign} acknowledged`,
      `${E2E_UNIT.callsign} en route`,
      `${E2E_UNIT.callsign} on scene`,
      `${E2E_UNIT.callsign} cleared`,
      `${ACCOUNTS.Command_Admin.fullName}: Status on scene → resolved`,
      'Outcome: Resolved by unit — Door secured',
      'Status resolved → closed',
    ];
    const found = positions(entries, steps);
    expect(found, JSON.stringify(entries, null, 1)).not.toContain(-1);
    expect(found).toEqual([...found].sort((a, b) => a - b));
    // Closing keeps the outcome recorded on resolving: it is on the timeline once.
    expect(entries.filter((entry) => entry.includes('Outcome:'))).toHaveLength(1);
    const year = String(new Date().getFullYear());
    const shownTimes = await timeline.locator('time').allTextContents();
    expect(shownTimes.length).toBe(entries.length);
    for (const shown of shownTimes) expect(shown).toMatch(new RegExp(`${year} \\d\\d:\\d\\d$`));
    const times = await timeline.locator('time').evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime')!)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(command, 'dispatcher-shift-8-timeline-desktop');

    // 9. The incident report prints with the steps.
    await panel.getByRole('button', { name: 'Print incident report' }).click();
    await command.waitForURL((url) => url.searchParams.get('incident-report') === incident.id, SOON);
    const report = command.getByRole('article', { name: `${reference}: ${title}` });
    await expect.poll(() => report.isVisible(), SOON).toBe(true);
    // Printed once the map has become a still picture, as the Print button waits for.
    await expect.poll(() => report.getByRole('img', { name: new RegExp(`^Map of ${reference}`) }).isVisible(), LOADED).toBe(true);
    expect(await command.getByRole('button', { name: 'Print', exact: true }).isEnabled()).toBe(true);
    await screenshot(command, 'dispatcher-shift-9-report-desktop');
    await command.emulateMedia({ media: 'print' });
    fs.mkdirSync(artifacts, { recursive: true });
    const pdfPath = path.join(artifacts, 'dispatcher-shift-report.pdf');
    await command.pdf({ path: pdfPath, format: 'A4', printBackground: true });
    const text = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      reference,
      title,
      trackingCode,
      'Edited severity Medium → High',
      `${E2E_UNIT.callsign} en route`,
      `${E2E_UNIT.callsign} on scene`,
      `${E2E_UNIT.callsign} cleared`,
      'Resolved by unit',
      summary,
    ])
      expect(text).toContain(expected);
    expect(unitId).toBeTruthy();
  }, 240_000);

  it('recalls the crew with a reason and reassigns it to another incident, the crew’s phone following', async () => {
    const command = await signedIn('Command_Admin', '/command');
    await readyUnit(command);
    const field = await crewPhone();
    // Set-up: two incidents near the crew.
    const open = async (title: string, lat: number) =>
      (
        await callApiOk<{ incident: Incident }>(command, 'POST', '/incidents', {
          title,
          category: 'crime',
          severity: 'high',
          location: { lat, lon: SCENE.longitude },
        })
      ).incident;
    const first = await open(`Shoplifter at the quay kiosk ${run}`, SCENE.latitude);
    const second = await open(`Fight outside the ferry terminal ${run}`, SCENE.latitude + 0.004);

    const panel = await openOnCommand(command, first.title);
    const dispatch = panel.getByRole('region', { name: 'Dispatch' });
    await expect.poll(() => dispatch.getByRole('checkbox', { name: new RegExp(E2E_UNIT.callsign) }).isVisible(), LOADED).toBe(true);
    await dispatch.getByRole('checkbox', { name: new RegExp(E2E_UNIT.callsign) }).check();
    await dispatch.getByRole('button', { name: 'Dispatch 1 unit' }).click();
    await expect.poll(() => dispatch.getByRole('status').textContent(), SOON).toContain(`Dispatched ${E2E_UNIT.callsign}`);
    const assignment = field.getByRole('region', { name: 'Assignment', exact: true });
    await expect.poll(() => assignment.textContent(), SOON).toContain(first.reference);

    // Recall, with a reason: the crew is told why.
    const onIncident = panel.getByRole('region', { name: 'Units on this incident' });
    await onIncident.getByRole('button', { name: `Recall or reassign ${E2E_UNIT.callsign}` }).click();
    await onIncident.getByLabel('Reason for the recall').fill('Shop owner says the man paid after all');
    await onIncident.getByRole('button', { name: `Recall ${E2E_UNIT.callsign}` }).click();
    await expect.poll(() => onIncident.getByText('Reason: Shop owner says the man paid after all').isVisible(), SOON).toBe(true);
    await expect.poll(() => assignment.textContent(), SOON).toContain('Shop owner says the man paid after all');
    expect(await assignment.textContent()).toMatch(new RegExp(`Recalled from ${first.reference} at \\d\\d:\\d\\d:\\d\\d`));
    await shootView(field, assignment, 'dispatcher-shift-10-recalled-phone');

    // Sent again, then moved to the other incident in one step: the phone shows the new assignment.
    await dispatch.getByRole('checkbox', { name: new RegExp(E2E_UNIT.callsign) }).check();
    await dispatch.getByRole('button', { name: 'Dispatch 1 unit' }).click();
    await expect.poll(() => assignment.textContent(), SOON).toContain(first.reference);
    await onIncident.getByRole('button', { name: `Recall or reassign ${E2E_UNIT.callsign}` }).click();
    await onIncident.getByLabel('Send to another incident').selectOption(second.id);
    await onIncident.getByRole('button', { name: `Reassign ${E2E_UNIT.callsign} to ${second.reference}` }).click();
    await expect.poll(() => onIncident.getByText(`Reason: Reassigned to ${second.reference}`).isVisible(), SOON).toBe(true);
    await screenshot(command, 'dispatcher-shift-11-reassigned-desktop');
    await expect.poll(() => assignment.textContent(), SOON).toContain(second.reference);
    expect(await assignment.textContent()).toContain(second.title);
    await shootView(field, assignment, 'dispatcher-shift-12-reassigned-phone');

    // The other incident now has the crew on it.
    await openOnCommand(command, second.title);
    await expect.poll(() => panel.getByRole('region', { name: 'Units on this incident' }).textContent(), SOON).toContain(E2E_UNIT.callsign);
  }, 180_000);
});
