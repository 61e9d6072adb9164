import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_UNIT } from '../support/accounts';
import { callApi, callApiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { clickMapAt, mapReady, renderedFeatures, sourceFeatures } from '../support/map';

/**
 * Issue 18: a TAK device (ATAK, iTAK, WinTAK) heard on the plain-TCP CoT endpoint shows on an open
 * command map as a contact with its callsign and follows the device; an administrator binds it to
 * the e2e unit in Settings › TAK devices, after which it is the unit: it leaves the contact layer
 * and the unit moves with the device (docs/decisions/0061-tak-cot-endpoint-first-slice.md).
 */
const SOON = { timeout: 30_000 };
// Unique per run, so a rerun against the same server meets a contact it has never heard.
const UID = `ANDROID-e2e-${Date.now().toString(16)}`;
const CALLSIGN = 'VIPER 7';
const OTHER_UID = `${UID}-b`;
const OTHER_CALLSIGN = 'HAWK 8';
const FIRST = { lat: 48.8566, lon: 2.3522 };
// South-east of the first, where the map is clear of the notice it shows above its centre where it has no street map.
const SECOND = { lat: 48.8546, lon: 2.3552 };
const THIRD = { lat: 48.8526, lon: 2.3582 };

let browser: Browser;
let admin: Page;
let phone: Page;
let device: net.Socket;

/** A position report as ATAK sends it (single quotes, the prolog, unknown height). */
function pli(at: { lat: number; lon: number }, uid = UID, callsign = CALLSIGN): string {
  const now = new Date();
  const stale = new Date(now.getTime() + 75_000);
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes'?>` +
    `<event version='2.0' uid='${uid}' type='a-f-G-U-C' time='${now.toISOString()}' start='${now.toISOString()}' stale='${stale.toISOString()}' how='m-g'>` +
    `<point lat='${at.lat}' lon='${at.lon}' hae='9999999.0' ce='9999999.0' le='9999999.0'/>` +
    `<detail><contact endpoint='*:-1:stcp' callsign='${callsign}'/><__group role='Team Member' name='Cyan'/>` +
    `<status battery='64'/><track course='90' speed='1.5'/></detail></event>`
  );
}

/** The contact layer's point for the device: its coordinates, or undefined while it is not there. */
async function contactOnMap(page: Page): Promise<number[] | undefined> {
  const feature = (await sourceFeatures(page, 'tak-contacts')).find((item) => item.properties.id === UID);
  return feature ? (feature.geometry.coordinates as number[]) : undefined;
}

const near = (coordinates: number[] | undefined, at: { lat: number; lon: number }) =>
  coordinates !== undefined && Math.abs(coordinates[0]! - at.lon) < 1e-6 && Math.abs(coordinates[1]! - at.lat) < 1e-6;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await (await newContext(browser, { desktop: true })).newPage();
  await signIn(admin, 'Command_Admin');
  await admin.waitForURL((url) => url.pathname !== '/login');
  phone = await (await newContext(browser)).newPage();
  await signIn(phone, 'Super_Admin');
  await phone.waitForURL((url) => url.pathname !== '/login');
  device = await new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(inject('cotPort'), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
  device.on('error', () => undefined);
}, 90_000);

afterAll(async () => {
  // The browser tests share one server: the e2e unit is left as the others expect it, bound to no device.
  if (admin) await callApi(admin, 'PUT', `/tak/contacts/${encodeURIComponent(UID)}`, { unitId: null });
  device?.destroy();
  await browser?.close();
});

describe('TAK contacts', () => {
  it('an open command map shows a device by its callsign and follows it; bound to the e2e unit in Settings, it moves the unit', async () => {
    // The command map opens over the place first, so it is open when the device is first heard.
    await admin.goto(mainUrl(`/command#15/${FIRST.lat}/${FIRST.lon}`));
    await mapReady(admin);
    await phone.goto(mainUrl(`/command#14/${FIRST.lat}/${FIRST.lon}`));
    await mapReady(phone);

    device.write(pli(FIRST));
    await expect.poll(() => contactOnMap(admin).then((at) => near(at, FIRST)), SOON).toBe(true);
    // Drawn with its callsign as the label, not only held in the source.
    await expect
      .poll(async () => (await renderedFeatures(admin, ['tak-contacts-label'])).map((feature) => feature.properties.label), SOON)
      .toContain(CALLSIGN);

    // A second report moves it on the open map, without a reload.
    device.write(pli(SECOND));
    await expect.poll(() => contactOnMap(admin).then((at) => near(at, SECOND)), SOON).toBe(true);
    await expect.poll(() => contactOnMap(phone).then((at) => near(at, SECOND)), SOON).toBe(true);

    await screenshot(admin, 'tak-contact-command-map-desktop', admin.locator('[data-operational-map]').first());
    await screenshot(phone, 'tak-contact-command-map-phone', phone.locator('[data-operational-map]').first());

    // Its card: callsign, uid, CoT type, when it was last heard and its battery.
    await clickMapAt(admin, SECOND);
    const card = admin.getByRole('region', { name: 'Chosen on the map' });
    await expect.poll(() => card.textContent(), SOON).toContain(`${CALLSIGN} · TAK device`);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(UID);
    expect(text).toContain('a-f-G-U-C');
    expect(text).toMatch(/Last heard (just now|\d+ s ago)/);
    expect(text).toContain('battery 64%');
    await screenshot(admin, 'tak-contact-command-desktop');
    // The legend says what the ring is.
    await admin.locator('summary', { hasText: 'Legend' }).first().click();
    const legend = admin.getByRole('list', { name: 'TAK devices' });
    await expect.poll(() => legend.textContent(), SOON).toContain('TAK device bound to no unit');
    await legend.scrollIntoViewIfNeeded();
    await screenshot(admin, 'tak-contact-legend-desktop', admin.locator('details', { has: legend }));
    await clickMapAt(phone, SECOND);
    await expect.poll(() => phone.getByRole('region', { name: 'Chosen on the map' }).textContent(), SOON).toContain(CALLSIGN);
    await screenshot(phone, 'tak-contact-command-phone');

    // An administrator binds it to the e2e unit in Settings › TAK devices, which the card links to.
    await card.getByRole('link', { name: 'Settings › TAK devices' }).click();
    // The link is a client-side route: poll the address rather than wait for a page load.
    await expect
      .poll(() => {
        const url = new URL(admin.url());
        return `${url.pathname}${url.hash}`;
      }, SOON)
      .toBe('/settings#tak-devices');
    const section = admin.getByRole('region', { name: 'TAK devices' });
    const row = section.getByRole('listitem').filter({ hasText: UID });
    await expect.poll(() => row.textContent(), SOON).toContain('No unit');
    await row.getByRole('combobox', { name: `Unit for ${CALLSIGN}` }).selectOption({ label: E2E_UNIT.callsign });
    await row.getByRole('button', { name: `Bind ${CALLSIGN}` }).click();
    await expect.poll(() => admin.getByText(`${CALLSIGN} now speaks for ${E2E_UNIT.callsign}`).first().isVisible(), SOON).toBe(true);
    await expect.poll(() => row.textContent(), SOON).toContain(`Bound to ${E2E_UNIT.callsign}`);
    await screenshot(admin, 'tak-contacts-settings-desktop', section);

    // A second device may not take the same unit: the server's refusal, in its words, on a phone.
    device.write(pli(FIRST, OTHER_UID, OTHER_CALLSIGN));
    await phone.goto(mainUrl('/settings#tak-devices'));
    const phoneSection = phone.getByRole('region', { name: 'TAK devices' });
    const otherRow = phoneSection.getByRole('listitem').filter({ hasText: OTHER_UID });
    await expect.poll(() => otherRow.textContent(), SOON).toContain('No unit');
    await expect
      .poll(
        () =>
          phoneSection
            .getByRole('listitem')
            .filter({ hasText: `${UID} ·` })
            .textContent(),
        SOON,
      )
      .toContain(`Bound to ${E2E_UNIT.callsign}`);
    await otherRow.getByRole('combobox', { name: `Unit for ${OTHER_CALLSIGN}` }).selectOption({ label: E2E_UNIT.callsign });
    await otherRow.getByRole('button', { name: `Bind ${OTHER_CALLSIGN}` }).click();
    const refusal = phoneSection.getByRole('alert');
    await expect.poll(() => refusal.textContent(), SOON).toContain(`${OTHER_CALLSIGN} was not bound`);
    expect(await refusal.textContent()).toContain(`${E2E_UNIT.callsign} is already bound to TAK contact ${CALLSIGN}`);
    await screenshot(phone, 'tak-contacts-settings-phone', phoneSection);
    expect(await seriousViolations(phone)).toEqual([]);

    // The open command map on the phone drops the contact: the device is the unit now.
    await phone.goto(mainUrl(`/command#14/${SECOND.lat}/${SECOND.lon}`));
    await mapReady(phone);
    await expect.poll(() => contactOnMap(phone), SOON).toBeUndefined();
    // And the unit follows the device's next report.
    device.write(pli(THIRD));
    await expect
      .poll(async () => {
        const { units } = await callApiOk<{
          units: Array<{ callsign: string; position: { location: { lat: number; lon: number } } | null }>;
        }>(admin, 'GET', '/units');
        const location = units.find((unit) => unit.callsign === E2E_UNIT.callsign)?.position?.location;
        return location ? [location.lon, location.lat] : undefined;
      }, SOON)
      .toSatisfy((at: number[] | undefined) => near(at, THIRD));
    await expect
      .poll(async () => {
        const unit = (await sourceFeatures(phone, 'units')).find((feature) => feature.properties.callsign === E2E_UNIT.callsign);
        return near(unit?.geometry.coordinates as number[] | undefined, THIRD);
      }, SOON)
      .toBe(true);
    expect(await contactOnMap(phone)).toBeUndefined();
  });
});
