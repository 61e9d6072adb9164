import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Unit } from '@argus/contracts/http/units';
import type { UnitKindSymbol, UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import { callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { imageIds, mapReady, mapSettled, renderedFeatures, sourceFeatures } from '../support/map';

/**
 * Editable unit symbols (docs/decisions/0049-editable-unit-symbols.md, issue 14): an administrator
 * gives a unit kind another symbol in Settings › Maps › Unit symbols, and an open command map's
 * legend and its units follow. The table is shared by the whole suite's server, so the seeded one is
 * put back afterwards whatever happens.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Page;
let seeded: UnitKindSymbol[] | undefined;

const run = randomUUID().slice(0, 4).toUpperCase();
const CALLSIGN = `SYM-${run}`;
/** The kind changed: "other", seeded as a land unit with no function named. */
const KIND = 'other';
const OLD_SIDC = '10031000000000000000';
/** The same land unit with the coast guard's function (entity 201100) chosen from the list. */
const NEW_SIDC = '10031000002011000000';
const NEW_LABEL = `Coast guard ${run}`;
const PLACE = { lat: 51.4, lon: -0.3 };

async function openPage(desktop: boolean): Promise<Page> {
  const context = await newContext(browser, { desktop });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, 'Command_Admin');
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** The command map's legend, opened: its list of unit kinds. */
async function unitKindLegend(page: Page) {
  const kinds = page.getByRole('list', { name: 'Unit kinds' });
  if (!(await kinds.isVisible())) await page.locator('summary', { hasText: 'Legend' }).click();
  return kinds;
}

/** The symbol (MapLibre image name) the command map gives the test's unit, from the units source. */
async function unitSymbol(page: Page): Promise<unknown> {
  const features = await sourceFeatures(page, 'units');
  return features.find((feature) => feature.properties.callsign === CALLSIGN)?.properties.symbol;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(true);
  ({ unitKinds: seeded } = await callApiOk<UnitSymbolsResponse>(admin, 'GET', '/map/unit-symbols'));
  const { unit } = await callApiOk<{ unit: Unit }>(admin, 'POST', '/units', { callsign: CALLSIGN, kind: KIND, members: [] });
  await callApiOk(admin, 'POST', `/units/${unit.id}/position`, { clientId: randomUUID(), location: PLACE, heading: 0, speed: 0 });
});

afterAll(async () => {
  // The seeded table back, so the other browser tests read the symbols they expect.
  if (seeded) await callApiOk(admin, 'PUT', '/map/unit-symbols', { unitKinds: seeded });
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('editable unit symbols', () => {
  it('a kind given another symbol in Settings › Maps is drawn with it by an open command map and named so in its legend', async () => {
    expect(seeded?.find((entry) => entry.kind === KIND)?.sidc).toBe(OLD_SIDC);

    // The command map, open before the change: the unit and the legend use the seeded code.
    await admin.goto(mainUrl(`/command#13/${PLACE.lat}/${PLACE.lon}`));
    await mapReady(admin);
    await expect.poll(() => unitSymbol(admin), { timeout: 30_000 }).toMatch(new RegExp(`^argus-unit-${OLD_SIDC}-`));
    const legend = await unitKindLegend(admin);
    await expect
      .poll(() =>
        legend
          .getByRole('listitem')
          .filter({ hasText: /^Other$/ })
          .getAttribute('data-sidc'),
      )
      .toBe(OLD_SIDC);

    // Another page of the same administrator: Settings › Maps › Unit symbols.
    const settings = await admin.context().newPage();
    await settings.goto(mainUrl('/settings#maps'));
    const form = settings.getByRole('form', { name: 'Unit symbols' });
    const other = form.getByRole('group', { name: 'Other' });
    await expect.poll(() => other.getByLabel('Symbol code (SIDC)').inputValue(), { timeout: 30_000 }).toBe(OLD_SIDC);
    await other.getByLabel('Function').selectOption({ label: 'Coast guard' });
    // Choosing a function rewrites the code's function digits and keeps the others.
    expect(await other.getByLabel('Symbol code (SIDC)').inputValue()).toBe(NEW_SIDC);
    await expect.poll(() => other.locator(`img[data-sidc="${NEW_SIDC}"]`).count()).toBe(1);
    await other.getByLabel('Label in the legend').fill(NEW_LABEL);
    await form.getByRole('button', { name: 'Save unit symbols' }).click();
    await expect.poll(() => form.getByText('Unit symbols saved. Open maps redraw their units.').count(), { timeout: 15_000 }).toBe(1);

    // The open command map follows without a reload: the legend names and draws the new symbol, the unit is drawn with it.
    await admin.bringToFront();
    await expect
      .poll(() => legend.getByRole('listitem').filter({ hasText: NEW_LABEL }).getAttribute('data-sidc'), { timeout: 30_000 })
      .toBe(NEW_SIDC);
    expect(
      await legend
        .getByRole('listitem')
        .filter({ hasText: /^Other$/ })
        .count(),
    ).toBe(0);
    await expect.poll(() => unitSymbol(admin), { timeout: 30_000 }).toMatch(new RegExp(`^argus-unit-${NEW_SIDC}-`));
    const symbol = String(await unitSymbol(admin));
    await expect.poll(() => imageIds(admin), { timeout: 30_000 }).toContain(symbol);
    await mapSettled(admin);
    await expect
      .poll(
        async () =>
          (await renderedFeatures(admin, ['units-point']))
            .filter((feature) => feature.properties.callsign === CALLSIGN)
            .map((feature) => feature.properties.symbol),
        { timeout: 30_000 },
      )
      .toEqual([symbol]);
    await screenshot(admin, 'unit-symbols-command-legend-desktop');
    // The legend folded, so the unit it covered shows.
    await admin.locator('summary', { hasText: 'Legend' }).click();
    await mapSettled(admin);
    await screenshot(admin, 'unit-symbols-command-desktop');

    // A phone opening the command map afterwards reads the new table too.
    const phone = await openPage(false);
    await phone.goto(mainUrl(`/command#13/${PLACE.lat}/${PLACE.lon}`));
    await mapReady(phone);
    await expect.poll(() => unitSymbol(phone), { timeout: 30_000 }).toBe(symbol);
    const phoneLegend = await unitKindLegend(phone);
    await expect.poll(() => phoneLegend.getByRole('listitem').filter({ hasText: NEW_LABEL }).getAttribute('data-sidc')).toBe(NEW_SIDC);
    await phoneLegend.scrollIntoViewIfNeeded();
    await screenshot(phone, 'unit-symbols-command-phone');
  });
});
