import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ALERT_RULE_TITLES } from '@argus/contracts/alert-rules';
import type { Alert } from '@argus/contracts/http/alerts';
import { RULE_KINDS } from '@argus/contracts/http/rules';
import type { Zone } from '@argus/contracts/http/zones';
import { E2E_UNIT } from '../support/accounts';
import { callApi, callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';

const FIELD_HOST = 'field.localhost';
/** Far from every other test's places (they work around London), so this zone touches none of them. */
const ZONE_CORNER = { lat: 23.1, lon: 11.2 };
const INSIDE = { lat: 23.15, lon: 11.25 };
const OUTSIDE = { lat: 22.9, lon: 11.0 };
const SOON = { timeout: 15_000 };

let browser: Browser;
const contexts: BrowserContext[] = [];
let zone: Zone | null = null;
let commandPage: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  if (zone && commandPage) await callApi(commandPage, 'PATCH', `/zones/${zone.id}`, { active: false });
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
});

async function page(options: { desktop: boolean }): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  return context.newPage();
}

describe('threat alerts', () => {
  it('shows a field unit entering a high-risk zone on the open command dashboard, with a sound and a banner, and command acknowledges it', async () => {
    commandPage = await page({ desktop: true });
    await signIn(commandPage, 'Command_Admin');
    await commandPage.waitForURL((url) => url.pathname === '/');
    const name = `Threat test zone ${randomUUID().slice(0, 6)}`;
    const size = 0.2;
    const ring = [
      [ZONE_CORNER.lon, ZONE_CORNER.lat],
      [ZONE_CORNER.lon + size, ZONE_CORNER.lat],
      [ZONE_CORNER.lon + size, ZONE_CORNER.lat + size],
      [ZONE_CORNER.lon, ZONE_CORNER.lat + size],
      [ZONE_CORNER.lon, ZONE_CORNER.lat],
    ];
    zone = (
      await callApiOk<{ zone: Zone }>(commandPage, 'POST', '/zones', {
        name,
        kind: 'ungoverned',
        riskLevel: 'high',
        geometry: { type: 'Polygon', coordinates: [ring] },
      })
    ).zone;

    // Count the beeps the page asks Web Audio for, and note when the banner first shows.
    await commandPage.addInitScript(() => {
      const counted = window as unknown as { argusBeeps: number; argusBannerAt: number | null; argusFrameAt: number | null };
      counted.argusBeeps = 0;
      counted.argusBannerAt = null;
      counted.argusFrameAt = null;
      const NativeSocket = window.WebSocket;
      window.WebSocket = class extends NativeSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener('message', (event: MessageEvent) => {
            if (counted.argusFrameAt === null && typeof event.data === 'string' && event.data.startsWith('{"type":"alert.created"'))
              counted.argusFrameAt = Date.now();
          });
        }
      };
      new MutationObserver(() => {
        if (counted.argusBannerAt === null && document.querySelector('[data-testid="alert-banner"]')) counted.argusBannerAt = Date.now();
      }).observe(document, { childList: true, subtree: true });
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
        counted.argusBeeps += 1;
        return start.apply(this, args);
      };
    });
    await commandPage.goto(mainUrl('/command'));
    await expect.poll(() => commandPage.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Command Dashboard');
    await expect.poll(() => commandPage.getByText('Live', { exact: true }).first().isVisible(), SOON).toBe(true);

    // The field unit, on its own phone (no geolocation granted, so only this test moves it).
    const field = await page({ desktop: false });
    await signIn(field, 'Field_Unit', FIELD_HOST);
    await expect.poll(() => field.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Field Unit Dashboard');
    const { units } = await callApiOk<{ units: { id: string; callsign: string }[] }>(field, 'GET', '/units');
    const unit = units.find((candidate) => candidate.callsign === E2E_UNIT.callsign)!;
    expect(unit).toBeTruthy();
    await callApiOk(field, 'POST', `/units/${unit.id}/position`, { clientId: randomUUID(), location: OUTSIDE });

    const banner = commandPage.getByTestId('alert-banner');
    const sentAt = Date.now();
    await callApiOk(field, 'POST', `/units/${unit.id}/position`, { clientId: randomUUID(), location: INSIDE });
    await banner.waitFor({ state: 'visible', timeout: 10_000 });
    const { bannerAt, frameAt } = await commandPage.evaluate(() => {
      const seen = window as unknown as { argusBannerAt: number; argusFrameAt: number };
      return { bannerAt: seen.argusBannerAt, frameAt: seen.argusFrameAt };
    });
    console.log(`threat alert: position sent (test runner) → banner drawn on the command dashboard in ${bannerAt - sentAt} ms`);
    expect(await banner.textContent()).toContain(`${E2E_UNIT.callsign} entered ${name}`);
    expect(await commandPage.evaluate(() => (window as unknown as { argusBeeps: number }).argusBeeps)).toBeGreaterThan(0);
    await screenshot(commandPage, 'threat-alerts-banner');

    // A second position inside raises nothing new.
    await callApiOk(field, 'POST', `/units/${unit.id}/position`, {
      clientId: randomUUID(),
      location: { lat: INSIDE.lat + 0.01, lon: INSIDE.lon },
    });
    const { alerts } = await callApiOk<{ alerts: Alert[] }>(commandPage, 'GET', `/alerts?rule=zone.geofence&status=new`);
    const raised = alerts.filter((alert) => alert.zoneId === zone!.id);
    expect(raised).toHaveLength(1);

    await banner.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await banner.waitFor({ state: 'hidden', timeout: 10_000 });
    const acknowledged = (
      await callApiOk<{ alerts: Alert[] }>(commandPage, 'GET', `/alerts?rule=zone.geofence&status=acknowledged`)
    ).alerts.find((alert) => alert.id === raised[0]!.id)!;
    expect(acknowledged.latency.acknowledgedAt).not.toBeNull();
    expect(acknowledged.latency.firstDeliveredAt).not.toBeNull();
    console.log(
      `threat alert latencies (ms from the event): ingest ${acknowledged.latency.ingestedAt! - acknowledged.latency.eventAt!}, alert ${acknowledged.latency.alertedAt - acknowledged.latency.eventAt!}, first delivery ${acknowledged.latency.firstDeliveredAt! - acknowledged.latency.eventAt!}, frame in the page ${frameAt - acknowledged.latency.eventAt!}, banner drawn ${bannerAt - acknowledged.latency.eventAt!}`,
    );

    // The feed shows it acknowledged, with its events and latencies one click away.
    await commandPage.getByRole('tab', { name: /Alerts/ }).click();
    await commandPage.getByRole('button', { name: `Details of ${acknowledged.title}` }).click();
    await expect.poll(() => commandPage.getByTestId('alert-details').first().textContent(), SOON).toContain('First on a screen');
    // The rule is named by its title, not its id.
    const details = (await commandPage.getByTestId('alert-details').first().textContent()) ?? '';
    expect(details).toContain(ALERT_RULE_TITLES['zone.geofence']);
    expect(details).not.toContain('zone.geofence');
    await screenshot(commandPage, 'threat-alerts-feed');

    await callApiOk(field, 'POST', `/units/${unit.id}/position`, { clientId: randomUUID(), location: OUTSIDE });
  });

  it('lets command tune a rule on the zones page, checked before it is sent and saved for the engine', async () => {
    await commandPage.goto(mainUrl('/ungoverned-zones'));
    await expect.poll(() => commandPage.getByRole('heading', { name: 'Threat rules' }).isVisible(), SOON).toBe(true);
    // Every rule reads by its name and title; none shows its id ("Rule zone.geofence").
    const forms = await commandPage.locator('form[data-testid^="rule-"]').allTextContents();
    expect(forms).toHaveLength(RULE_KINDS.length);
    expect(forms.filter((text) => Object.keys(ALERT_RULE_TITLES).some((id) => text.includes(id)))).toEqual([]);
    const burst = commandPage.getByTestId('rule-report.burst');
    await burst.getByLabel('Reports (N)').fill('1');
    await burst.getByRole('button', { name: /^Save / }).click();
    await expect.poll(() => burst.getByText('A burst is at least 2 reports.').isVisible(), SOON).toBe(true);
    await burst.getByLabel('Reports (N)').fill('4');
    await burst.getByRole('button', { name: /^Save / }).click();
    await expect.poll(() => burst.getByText('Saved. The engine uses these from the next event.').isVisible(), SOON).toBe(true);
    const { rules } = await callApiOk<{ rules: { id: string; params: { count: number } }[] }>(commandPage, 'GET', '/rules');
    expect(rules.find((rule) => rule.id === 'report.burst')!.params.count).toBe(4);
    await burst.scrollIntoViewIfNeeded();
    await screenshot(commandPage, 'threat-rules');
    await callApiOk(commandPage, 'PATCH', '/rules/report.burst', { params: { count: 3 } });
  });
});
