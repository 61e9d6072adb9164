import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Assignment, Unit } from '@argus/contracts/http/units';
import { ACCOUNTS } from '../support/accounts';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

/**
 * The printable incident report (issue 15, docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md):
 * a closed incident with a unit that went through every milestone, opened from its detail and by
 * its address, with its summary, units and times, a still map and its timeline; printed (print
 * media, then a real PDF read back with pdftotext) it holds the report and nothing of the page around it.
 */
const run = randomUUID().slice(0, 4).toUpperCase();
const SOON = { timeout: 20_000 };
const MAP = { timeout: 30_000 };
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

async function signedIn(options: { desktop?: boolean }): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** An incident of its own with a unit of its own on scene: nothing another test does can move them. */
async function incidentOnScene(page: Page, callsign: string): Promise<{ incident: Incident; unit: Unit; assignment: Assignment }> {
  const { unit } = await callApiOk<{ unit: Unit }>(page, 'POST', '/units', { callsign, kind: 'fire', members: [] });
  await callApiOk(page, 'POST', `/units/${unit.id}/position`, {
    clientId: randomUUID(),
    location: { lat: 51.5081, lon: -0.1281 },
    heading: 90,
    speed: 0,
  });
  const { incident } = await callApiOk<{ incident: Incident }>(page, 'POST', '/incidents', {
    title: `Bin fire by the gallery ${run}`,
    category: 'fire',
    severity: 'high',
    location: { lat: 51.5089, lon: -0.1283 },
    description: 'Flames from a street bin against the wall.',
  });
  const { dispatches } = await callApiOk<{ dispatches: Assignment[] }>(page, 'POST', `/incidents/${incident.id}/dispatch`, {
    unitIds: [unit.id],
  });
  const assignment = dispatches[0]!;
  for (const status of ['acknowledged', 'en_route', 'on_scene'])
    await callApiOk(page, 'POST', `/dispatches/${assignment.id}/status`, { clientId: randomUUID(), status });
  return { incident, unit, assignment };
}

async function closeIncident(page: Page, incident: Incident, assignment: Assignment): Promise<void> {
  await callApiOk(page, 'POST', `/dispatches/${assignment.id}/status`, { clientId: randomUUID(), status: 'cleared' });
  await callApiOk(page, 'PATCH', `/incidents/${incident.id}`, {
    status: 'resolved',
    disposition: { code: 'resolved_by_unit', summary: `Fire out, bin removed ${run}.` },
  });
  await callApiOk(page, 'PATCH', `/incidents/${incident.id}`, { status: 'closed' });
}

/** Whether the element is shown at all: present, and not hidden by a display rule. */
const shown = (page: Page, selector: string) =>
  page.evaluate((query) => {
    const element = document.querySelector(query);
    return element !== null && getComputedStyle(element).display !== 'none' && (element as HTMLElement).offsetParent !== null;
  }, selector);

describe('incident report', () => {
  it('opens from the incident, shows every section of a closed incident and prints only the report', async () => {
    const command = await signedIn({ desktop: true });
    const { incident, unit, assignment } = await incidentOnScene(command, `REPORT-${run}`);

    // From the incident's detail on the dashboard, and back.
    await command.goto(mainUrl('/command'));
    const panel = command.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: new RegExp(`Bin fire by the gallery ${run}`) }).click();
    await panel.getByRole('button', { name: 'Print incident report' }).click();
    await command.waitForURL((url) => url.searchParams.get('incident-report') === incident.id, SOON);
    const report = command.getByRole('article', { name: `${incident.reference}: Bin fire by the gallery ${run}` });
    await expect.poll(() => report.isVisible(), SOON).toBe(true);
    await command.getByRole('button', { name: 'Back to the dashboard' }).click();
    await command.waitForURL((url) => url.pathname === '/command' && !url.search, SOON);
    // The dashboard as it was left: the incident still open in the panel.
    await expect.poll(() => panel.getByRole('heading', { name: `Bin fire by the gallery ${run}` }).isVisible(), SOON).toBe(true);

    // Closed, with its disposition: opened by its address, as a link kept from before would.
    await closeIncident(command, incident, assignment);
    await command.goto(mainUrl(`/command?incident-report=${incident.id}`));
    await expect.poll(() => report.isVisible(), SOON).toBe(true);

    const summary = report.getByRole('region', { name: 'Summary' });
    const summaryText = (await summary.textContent()) ?? '';
    for (const expected of [
      incident.reference,
      'fire',
      'High',
      'Closed',
      'Opened',
      'Resolved',
      'Resolved by unit',
      `Fire out, bin removed ${run}.`,
    ])
      expect(summaryText).toContain(expected);
    // The place in the reader's format and the other grid; times with their seconds.
    expect(summaryText).toMatch(/51\.508\d*° N/);
    expect(summaryText).toContain('MGRS');
    expect(summaryText).toMatch(new RegExp(`Closed.*${new Date().getFullYear()} \\d\\d:\\d\\d:\\d\\d`));

    const units = report.getByRole('region', { name: 'Units and times' });
    const unitsText = (await units.textContent()) ?? '';
    for (const expected of [unit.callsign, 'Assigned', 'Acknowledged', 'En route', 'On scene', 'Cleared'])
      expect(unitsText).toContain(expected);

    const timeline = report.getByRole('region', { name: 'Timeline' });
    const timelineText = (await timeline.textContent()) ?? '';
    expect(timelineText).toContain('Incident opened');
    expect(timelineText).toContain(`${unit.callsign} on scene`);
    expect(timelineText).toContain('Outcome: Resolved by unit');
    expect(timelineText).toContain('→ closed');

    // The map becomes a still picture once drawn.
    const map = report.getByRole('img', { name: `Map of ${incident.reference} and its unit at their last known positions` });
    await expect.poll(() => map.isVisible(), MAP).toBe(true);
    expect(await map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 100)).toBe(true);
    expect(await command.getByRole('button', { name: 'Print', exact: true }).isEnabled()).toBe(true);
    await screenshot(command, 'incident-report-desktop');

    // Print media: the report, without the skip link, header, navigation, page heading or buttons.
    await command.emulateMedia({ media: 'print' });
    expect(await report.isVisible()).toBe(true);
    expect(await shown(command, '#skip-link')).toBe(false);
    expect(await command.getByRole('banner').isVisible()).toBe(false);
    expect(await command.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await command.getByRole('heading', { level: 1, name: 'Command Dashboard' }).isVisible()).toBe(false);
    expect(await command.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    expect(await command.getByRole('button', { name: 'Back to the dashboard' }).isVisible()).toBe(false);
    await screenshot(command, 'incident-report-print-media');

    // A real PDF, read back as text.
    fs.mkdirSync(artifacts, { recursive: true });
    const pdfPath = path.join(artifacts, 'incident-report.pdf');
    await command.pdf({ path: pdfPath, format: 'A4', printBackground: true });
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    for (const expected of [incident.reference, 'Summary', 'Units and times', unit.callsign, 'Timeline', `Fire out, bin removed ${run}.`])
      expect(text).toContain(expected);
    // Who resolved it is part of the record; the page around the report is not.
    expect(text).toContain(ACCOUNTS.Command_Admin.fullName);
    for (const absent of ['Skip to main content', 'Command Dashboard', 'Back to the dashboard', 'Evidence Review', 'Keyboard shortcuts'])
      expect(text).not.toContain(absent);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', pdfPath, path.join(artifacts, 'incident-report-pdf')]);
  }, 120_000);

  it('fits a phone, and printing the dashboard shows neither the skip link nor the navigation', async () => {
    const phone = await signedIn({});
    const { incident, assignment } = await incidentOnScene(phone, `REPORT-PHONE-${run}`);
    await closeIncident(phone, incident, assignment);
    await phone.goto(mainUrl(`/command?incident-report=${incident.id}`));
    const report = phone.getByRole('article', { name: `${incident.reference}: Bin fire by the gallery ${run}` });
    await expect.poll(() => report.isVisible(), SOON).toBe(true);
    await expect.poll(() => report.getByRole('img').isVisible(), MAP).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'incident-report-phone');

    await phone.goto(mainUrl('/command'));
    await expect.poll(() => phone.getByRole('region', { name: 'Operations' }).isVisible(), SOON).toBe(true);
    await phone.emulateMedia({ media: 'print' });
    expect(await shown(phone, '#skip-link')).toBe(false);
    expect(await phone.getByRole('banner').isVisible()).toBe(false);
    expect(await phone.getByRole('button', { name: 'Open page menu' }).isVisible()).toBe(false);
  }, 120_000);
});
