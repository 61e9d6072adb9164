import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';

/**
 * Someone without an account reports on the civic site and follows the report through its private
 * link, in a fresh browser, as the incident goes from verification to closing
 * (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 */
const CIVIC_HOST = 'civic.localhost';
const HERE = { latitude: 53.4794, longitude: -2.2453, accuracy: 12 };
/** The follow page asks again every 10 s; a shared machine may take a little longer. */
const FOLLOWED = { timeout: 30_000 };
const SOON = { timeout: 15_000 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function page(options: { desktop?: boolean } = {}, setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  await setup?.(context);
  return context.newPage();
}

describe('the civic lifecycle', () => {
  it('follows an anonymous report to "Closed" with the outcome note command wrote', async () => {
    const run = Date.now();
    const reporter = await page({}, async (context) => {
      await context.grantPermissions(['geolocation'], { origin: siteUrl(CIVIC_HOST, '') });
      await context.setGeolocation(HERE);
    });
    await reporter.goto(siteUrl(CIVIC_HOST, '/'));
    await expect.poll(() => reporter.getByText('No account needed').isVisible(), SOON).toBe(true);
    const description = `A fallen tree blocks the canal towpath ${run}`;
    await reporter.getByLabel('What is it?').selectOption('hazard');
    await reporter.getByLabel('What do you see?').fill(description);
    await reporter.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => reporter.getByText('From this device').isVisible(), SOON).toBe(true);
    await reporter.getByRole('button', { name: 'Send report' }).click();

    // The private link is there at once; the tracking code once the server has the report.
    const followed = reporter.getByRole('region', { name: 'Follow your report' }).locator('li').first();
    await expect.poll(() => followed.getByText(/^RPT-[A-Z0-9]{8}$/).isVisible(), SOON).toBe(true);
    const trackingCode = (await followed.getByText(/^RPT-[A-Z0-9]{8}$/).textContent())!;
    const link = (await followed.getByTestId('follow-link').getAttribute('href'))!;
    expect(new URL(link).pathname).toBe('/track');
    expect(new URL(link).hash).toMatch(/^#[A-Za-z0-9_-]{43}$/);
    await followed.scrollIntoViewIfNeeded();
    await screenshot(reporter, 'civic-lifecycle-1-sent-phone');

    // The reporter comes back later on another browser, with the link only.
    const follower = await page();
    await follower.goto(link);
    const status = follower.getByTestId('public-status');
    await expect.poll(() => status.textContent(), SOON).toBe('Received');
    expect(await follower.getByText(trackingCode).isVisible()).toBe(true);
    expect(await follower.getByText(/checks for news/).isVisible()).toBe(true);
    // Nothing but the public status: not even the words the reporter typed.
    expect(await follower.getByText(description).count()).toBe(0);

    // An analyst verifies it into an incident: under review, and nobody notified yet.
    const analyst = await page({ desktop: true });
    await signIn(analyst, 'Intelligence_Analyst');
    await analyst.waitForURL((url) => url.pathname !== '/login');
    const { reports } = await callApiOk<{ reports: { id: string; trackingCode: string; reporterId: string | null }[] }>(
      analyst,
      'GET',
      '/reports?limit=200',
    );
    const report = reports.find((candidate) => candidate.trackingCode === trackingCode)!;
    expect(report.reporterId).toBeNull();
    const title = `Fallen tree on the towpath ${run}`;
    const { report: verified } = await callApiOk<{ report: { incidentId: string } }>(analyst, 'POST', `/reports/${report.id}/verify`, {
      title,
      severity: 'low',
    });
    await expect.poll(() => status.textContent(), FOLLOWED).toBe('Under review');
    expect(await follower.getByText('Responders notified', { exact: true }).getAttribute('aria-current')).toBeNull();
    await screenshot(follower, 'civic-lifecycle-2-under-review-phone');

    // Command sends a unit of its own for this run: notified; then it reaches the scene.
    const command = await page({ desktop: true });
    await signIn(command, 'Command_Admin');
    await command.waitForURL((url) => url.pathname !== '/login');
    const { unit } = await callApiOk<{ unit: { id: string } }>(command, 'POST', '/units', {
      callsign: `TREE-${run % 100000}`,
      kind: 'rescue',
    });
    const { dispatches } = await callApiOk<{ dispatches: { id: string }[] }>(
      command,
      'POST',
      `/incidents/${verified.incidentId}/dispatch`,
      {
        unitIds: [unit.id],
      },
    );
    await expect.poll(() => status.textContent(), FOLLOWED).toBe('Responders notified');
    await screenshot(follower, 'civic-lifecycle-3-notified-phone');
    for (const milestone of ['en_route', 'on_scene']) {
      await callApiOk(command, 'POST', `/dispatches/${dispatches[0]!.id}/status`, { clientId: randomUUID(), status: milestone });
    }
    await expect.poll(() => status.textContent(), FOLLOWED).toBe('Responders on scene');

    // Command resolves it on its dashboard, with a note for the public apart from the summary.
    await command.goto(mainUrl('/command'));
    const panel = command.getByRole('region', { name: 'Operations' });
    await panel.getByRole('button', { name: new RegExp(title) }).click();
    await expect.poll(() => panel.getByRole('heading', { name: title }).isVisible(), SOON).toBe(true);
    await panel.getByRole('button', { name: 'Resolve…' }).first().click();
    const closing = panel.getByRole('form', { name: /^Resolve INC-/ });
    await closing.getByLabel('Outcome').selectOption('resolved_by_unit');
    await closing.getByLabel('Summary').fill('Crew cut the trunk into sections; council collects them Monday.');
    const note = 'The fallen tree was cleared and the towpath is open again. Thank you for reporting it.';
    await closing.getByLabel('Note for the public').fill(note);
    await screenshot(command, 'civic-lifecycle-4-resolve-desktop');
    await closing.getByRole('button', { name: 'Resolve incident' }).click();
    await expect.poll(() => panel.getByTestId('incident-disposition').textContent(), SOON).toContain(`Told the public: ${note}`);

    // The reporter sees it closed, with the note and never the internal summary.
    await expect.poll(() => status.textContent(), FOLLOWED).toBe('Closed');
    expect(await follower.getByTestId('public-outcome').textContent()).toContain(note);
    expect(await follower.getByText(/council collects/).count()).toBe(0);
    expect(await follower.getByText(/checks for news/).count()).toBe(0);
    await screenshot(follower, 'civic-lifecycle-5-closed-phone');

    // A wrong link shows nothing.
    const stranger = await page();
    await stranger.goto(siteUrl(CIVIC_HOST, `/track#${'A'.repeat(43)}`));
    await expect.poll(() => stranger.getByText('No report follows this link.').isVisible(), SOON).toBe(true);
  });
});
