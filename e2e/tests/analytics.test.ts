import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ALERT_RULE_TITLES } from '@argus/contracts/alert-rules';
import { E2E_UNIT } from '../support/accounts';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SOON = { timeout: 20_000, interval: 250 };
// Enough incidents that this test's category is among the eight drawn on their own, whatever
// the other tests in the run have opened.
const REAL = 12;
const EXERCISE = 3;
const CATEGORY = `analytics-e2e-${Date.now().toString(36)}`;

/** Splits simple CSV (no quoted commas in these charts) into rows of cells. */
const parseCsv = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

function card(page: Page, chart: string): Locator {
  return page.locator(`section[data-chart="${chart}"]`);
}

/** The sum of the column headed `label` in a chart's data table. */
async function columnTotal(section: Locator, label: string): Promise<number | null> {
  const headers = await section.locator('thead th').allTextContents();
  const index = headers.indexOf(label);
  if (index === -1) return null;
  const cells = await section.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents();
  return cells.reduce((sum, text) => sum + Number(text), 0);
}

async function prepareData(page: Page): Promise<void> {
  const create = (exercise: boolean, index: number) =>
    callApiOk<{ incident: { id: string; exercise: boolean } }>(page, 'POST', '/incidents', {
      title: `${exercise ? 'Drill' : 'Fire'} ${index}`,
      category: CATEGORY,
      severity: 'high',
      location: { lat: 59.91, lon: 10.75 },
      exercise,
    });
  const real = [];
  for (let index = 0; index < REAL; index += 1) real.push((await create(false, index)).incident);
  for (let index = 0; index < EXERCISE; index += 1) expect((await create(true, index)).incident.exercise).toBe(true);

  // E2E-1 is shared with other tests: end what it was doing, then run one assignment to the end.
  const { units } = await callApiOk<{ units: { id: string; callsign: string }[] }>(page, 'GET', '/units');
  const unit = units.find((candidate) => candidate.callsign === E2E_UNIT.callsign)!;
  const { assignments } = await callApiOk<{ assignments: { id: string; status: string }[] }>(
    page,
    'GET',
    `/dispatches?active=true&unitId=${unit.id}`,
  );
  for (const assignment of assignments) {
    await callApiOk(page, 'POST', `/dispatches/${assignment.id}/status`, {
      clientId: randomUUID(),
      status: assignment.status === 'on_scene' ? 'cleared' : 'cancelled',
    });
  }
  const { dispatches } = await callApiOk<{ dispatches: { id: string }[] }>(page, 'POST', `/incidents/${real[0]!.id}/dispatch`, {
    unitIds: [unit.id],
  });
  for (const status of ['acknowledged', 'en_route', 'on_scene', 'cleared']) {
    await callApiOk(page, 'POST', `/dispatches/${dispatches[0]!.id}/status`, { clientId: randomUUID(), status });
  }
}

describe('the analytics page', () => {
  it('shows charts of real data, follows the range and the exercise switch, and exports CSV', async () => {
    const context = await newContext(browser, { desktop: true });
    const page = await context.newPage();
    await signIn(page, 'Command_Admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await prepareData(page);

    await page.goto(mainUrl('/analytics'));
    await expect.poll(() => page.getByRole('heading', { name: 'Analytics', level: 1 }).isVisible(), SOON).toBe(true);
    const byCategory = card(page, 'incidents-by-category');
    await expect.poll(() => byCategory.locator('svg.recharts-surface').count(), SOON).toBeGreaterThan(0);
    // The default range is seven days in daily buckets; exercise incidents are left out.
    expect(await byCategory.locator('thead th').first().textContent()).toBe('Day starting (UTC)');
    await expect.poll(() => columnTotal(byCategory, CATEGORY), SOON).toBe(REAL);
    // The response-time table counts the assignment run above as on scene.
    const percentiles = card(page, 'response-percentiles');
    await expect
      .poll(async () => Number(await percentiles.locator('tbody tr', { hasText: 'On scene' }).locator('td').last().textContent()), SOON)
      .toBeGreaterThan(0);
    await expect.poll(() => card(page, 'page-views').locator('tbody tr', { hasText: '/analytics' }).count(), SOON).toBeGreaterThan(0);
    await screenshot(page, 'analytics-dark');

    await page.getByLabel('Include exercise data').check();
    await expect.poll(() => columnTotal(byCategory, CATEGORY), SOON).toBe(REAL + EXERCISE);

    await page.getByLabel('Last 24 hours').check();
    await expect.poll(() => byCategory.locator('thead th').first().textContent(), SOON).toBe('Hour starting (UTC)');
    // 24 hours not starting on the hour touch 25 hourly buckets.
    await expect.poll(() => byCategory.locator('tbody tr').count(), SOON).toBe(25);
    await expect.poll(() => columnTotal(byCategory, CATEGORY), SOON).toBe(REAL + EXERCISE);

    const [download] = await Promise.all([page.waitForEvent('download'), byCategory.getByRole('button', { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^argus-incidents-by-category-.*\.csv$/);
    const rows = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
    const header = rows[0]!;
    expect(header[0]).toBe('Hour starting (UTC)');
    expect(rows).toHaveLength(1 + (await byCategory.locator('tbody tr').count()));
    const column = header.indexOf(CATEGORY);
    expect(column).toBeGreaterThan(0);
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[column]), 0)).toBe(REAL + EXERCISE);
    // Row for row what the table on the page shows.
    const tableRows = await byCategory
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    expect(rows.slice(1)).toEqual(tableRows);

    await page.evaluate(() => document.documentElement.classList.add('high-contrast'));
    await byCategory.scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-high-contrast');
    await context.close();
  });

  it('names each rule of the alerts chart by its title, keeping the id for the CSV only', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Command_Admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    // A public notice far from every other test's places, resolved at once: one alert of a rule raised outside the engine.
    const { alert } = await callApiOk<{ alert: { id: string } }>(page, 'POST', '/alerts', {
      title: `Analytics notice ${CATEGORY}`,
      severity: 'info',
      location: { lat: -41.3, lon: 174.8 },
      radiusM: 100,
    });
    await callApiOk(page, 'POST', `/alerts/${alert.id}/resolve`);

    await page.goto(mainUrl('/analytics'));
    const alerts = card(page, 'alerts');
    await expect.poll(() => alerts.locator('figcaption').textContent(), SOON).toMatch(/alerts? from/);
    await alerts.getByText('Data table').click();
    const rowNames = alerts.locator('tbody th');
    await expect.poll(() => rowNames.allTextContents(), SOON).toContain(ALERT_RULE_TITLES['public.notice']);
    // The axis may wrap a long title over lines, so the words are compared without their spaces.
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    const ticks = alerts.locator('svg text');
    await expect
      .poll(async () => (await ticks.allTextContents()).map(squeeze), SOON)
      .toContain(squeeze(`${ALERT_RULE_TITLES['public.notice']} (alert)`));
    // No rule id in the sentence, on the chart or as a row's name: ids appear only in the muted "Rule id" column.
    const ids = Object.keys(ALERT_RULE_TITLES);
    const seen = [
      (await alerts.locator('figcaption').textContent()) ?? '',
      ...(await ticks.allTextContents()),
      ...(await rowNames.allTextContents()),
    ];
    expect(seen.filter((text) => ids.some((id) => text.includes(id)))).toEqual([]);
    await screenshot(page, 'analytics-alerts-phone', alerts);

    const [download] = await Promise.all([page.waitForEvent('download'), alerts.getByRole('button', { name: /Download CSV/ }).click()]);
    const rows = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
    expect(rows[0]![0]).toBe('Rule');
    expect(rows[0]!.at(-1)).toBe('Rule id');
    const notice = rows.find((row) => row[0] === ALERT_RULE_TITLES['public.notice']);
    expect(notice?.at(-1)).toBe('public.notice');
    await context.close();
  });
});
