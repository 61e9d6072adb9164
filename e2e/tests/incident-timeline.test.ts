import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Incident } from '@argus/contracts/http/incidents';
import { CSRF_COOKIE, CSRF_HEADER } from '@argus/contracts/http/auth';
import { ACCOUNTS } from '../support/accounts';
import { callApiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { drawJpeg } from '../support/images';

/**
 * One incident's whole timeline (issue 15, points 5 and 8; docs/decisions/0014-one-incident-timeline.md):
 * a message on its channel, an analyst's note, a public notice about it and a photo filed under it
 * appear on command's open incident as they happen, in time order, named rather than by id, with
 * the photo's thumbnail, and the kinds can be hidden and shown again.
 */
const run = randomUUID().slice(0, 4).toUpperCase();
const SOON = { timeout: 20_000 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function signedIn(role: 'Command_Admin' | 'Intelligence_Analyst', desktop: boolean): Promise<Page> {
  const context = await newContext(browser, { desktop });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, role);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** Uploads the bytes as evidence under the incident, as the evidence page does: the raw file as the body. */
async function uploadPhoto(page: Page, bytes: Buffer, filename: string, incidentId: string): Promise<void> {
  const status = await page.evaluate(
    async ({ bytes, filename, incidentId, cookie, header }) => {
      const csrf = document.cookie
        .split('; ')
        .find((item) => item.startsWith(`${cookie}=`))
        ?.slice(cookie.length + 1);
      const response = await fetch(`/evidence?filename=${encodeURIComponent(filename)}&incidentId=${incidentId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg', [header]: decodeURIComponent(csrf ?? '') },
        body: new Uint8Array(bytes),
      });
      return response.status;
    },
    { bytes: [...bytes], filename, incidentId, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
  expect(status).toBe(201);
}

async function openOnCommand(command: Page, incident: Incident) {
  await command.goto(mainUrl('/command'));
  const panel = command.getByRole('region', { name: 'Operations' });
  await panel.getByRole('button', { name: new RegExp(incident.title) }).click();
  await expect.poll(() => panel.getByRole('heading', { name: incident.title }).isVisible(), SOON).toBe(true);
  return panel.getByRole('region', { name: 'Timeline' });
}

describe('incident timeline', () => {
  it('holds the message, the note, the alert and the photo in order, named, with a filter by kind', async () => {
    const command = await signedIn('Command_Admin', true);
    const analyst = await signedIn('Intelligence_Analyst', true);
    const { incident } = await callApiOk<{ incident: Incident }>(command, 'POST', '/incidents', {
      title: `Warehouse fire ${run}`,
      category: 'fire',
      severity: 'high',
      location: { lat: 51.503, lon: -0.119 },
    });
    const timeline = await openOnCommand(command, incident);
    const entries = timeline.getByRole('list', { name: 'Timeline entries' }).getByRole('listitem');
    await expect.poll(() => entries.count(), SOON).toBe(1);

    // Each arrives live while the incident is open.
    await callApiOk(command, 'POST', '/messages', {
      clientId: randomUUID(),
      channel: 'incident',
      targetId: incident.id,
      body: `Approach from the north ${run}`,
    });
    await expect.poll(() => timeline.textContent(), SOON).toContain(`Approach from the north ${run}`);
    await callApiOk(analyst, 'POST', '/messages', {
      clientId: randomUUID(),
      channel: 'incident',
      targetId: incident.id,
      body: `Smoke is toxic ${run}`,
    });
    await expect.poll(() => timeline.textContent(), SOON).toContain(`Smoke is toxic ${run}`);
    await callApiOk(command, 'POST', '/alerts', {
      title: `Keep away from the warehouse ${run}`,
      severity: 'warning',
      location: incident.location,
      radiusM: 500,
      incidentId: incident.id,
    });
    await expect.poll(() => timeline.textContent(), SOON).toContain(`Keep away from the warehouse ${run}`);
    await uploadPhoto(command, await drawJpeg(command), `front-door-${run}.jpg`, incident.id);
    await expect.poll(() => entries.count(), SOON).toBe(5);

    const texts = await entries.allTextContents();
    expect(texts[0]).toContain(`${ACCOUNTS.Command_Admin.fullName}: Incident opened`);
    expect(texts[1]).toContain(`${ACCOUNTS.Command_Admin.fullName} on the incident channel: “Approach from the north ${run}”`);
    expect(texts[2]).toContain(`Analyst note by ${ACCOUNTS.Intelligence_Analyst.fullName}: “Smoke is toxic ${run}”`);
    expect(texts[3]).toContain(`Warning alert: Keep away from the warehouse ${run}`);
    expect(texts[4]).toContain(`Photo front-door-${run}.jpg captured by ${ACCOUNTS.Command_Admin.fullName}`);
    // Each says what kind it is in words, and names things, never an id.
    expect(texts.map((text) => /Change|Message|Note|Alert|Evidence/.exec(text)?.[0])).toEqual([
      'Change',
      'Message',
      'Note',
      'Alert',
      'Evidence',
    ]);
    for (const text of texts) expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|\(id /);
    const times = await timeline.locator('time').evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime')!)));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The photo's thumbnail loads from its authorised address.
    const thumbnail = timeline.getByRole('img', { name: `Photo front-door-${run}.jpg` });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), SOON).toBe(80);
    await timeline.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await screenshot(command, 'incident-timeline-desktop');
    expect(await seriousViolations(command)).toEqual([]);

    // Hiding messages and alerts leaves the rest; the choice holds while the incident stays open.
    const chips = timeline.getByRole('group', { name: 'Show entries of kind' });
    await chips.getByRole('button', { name: 'Messages' }).click();
    await chips.getByRole('button', { name: 'Alerts' }).click();
    expect(await chips.getByRole('button', { name: 'Messages' }).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await timeline.textContent()).toContain('Showing 3 of 5 entries.');
    expect(await timeline.textContent()).not.toContain(`Approach from the north ${run}`);
    expect(await timeline.textContent()).toContain(`Smoke is toxic ${run}`);
    // A new message still lands (hidden), and the count says so.
    await callApiOk(command, 'POST', '/messages', {
      clientId: randomUUID(),
      channel: 'incident',
      targetId: incident.id,
      body: `On scene ${run}`,
    });
    await expect.poll(() => timeline.textContent(), SOON).toContain('Showing 3 of 6 entries.');
    await screenshot(command, 'incident-timeline-desktop-filtered');
    await chips.getByRole('button', { name: 'Messages' }).click();
    await chips.getByRole('button', { name: 'Alerts' }).click();
    await expect.poll(() => entries.count()).toBe(6);
    expect((await entries.last().textContent()) ?? '').toContain(`On scene ${run}`);

    // On a phone, the same timeline reads top to bottom.
    const phone = await signedIn('Command_Admin', false);
    const phoneTimeline = await openOnCommand(phone, incident);
    await expect.poll(() => phoneTimeline.getByRole('listitem').count(), SOON).toBe(6);
    await phoneTimeline.scrollIntoViewIfNeeded();
    await screenshot(phone, 'incident-timeline-phone');
  });
});
