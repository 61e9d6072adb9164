import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readCot, type CotMessage } from '../../apps/server/src/features/tak/cot-reading';
import { alert911, cancel911, geoChat, iso, pli } from '../../apps/server/test/tak-cot';
import type { SimulatedDevice } from '../../apps/server/test/tak-device';
import { enrolAndConnect, settled } from '../../apps/server/test/tak-tls-device';
import { callApi, callApiOk } from '../support/api';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { clickMapAt, mapReady, mapSettled, renderedFeatures, sourceFeatures } from '../support/map';

/**
 * Issue 18's integration walk: simulated ATAK devices enrol over TLS with their users' Argus
 * passwords, connect with the certificates they were issued, and the command dashboard in Chromium
 * shows what they send — a unit moving, its message, its SOS, and a geofence drawn on the device
 * as a zone, a spot map dropped on the device as a point with its card until the device deletes it —
 * while an incident command opens reaches the device as CoT, and command's broadcast as GeoChat. e2e/tests/tak-contacts.test.ts covers the plain-TCP contact, its card and binding; this
 * file does not repeat them.
 */
const SOON = { timeout: 30_000 };
const RUN = Date.now().toString(36);
const PASSWORD = `Tak-Device-Lantern-${RUN}-93`;
const FIELD = { uid: `ANDROID-e2e-field-${RUN}`, callsign: `TAK-FIELD-${RUN}`, email: `tak.field.${RUN}@e2e.argus.test` };
const LEAD = { uid: `ANDROID-e2e-lead-${RUN}`, callsign: `TAK-LEAD-${RUN}`, email: `tak.lead.${RUN}@e2e.argus.test` };
// Lyon, away from the places other browser tests use.
const FIRST = { lat: 45.7578, lon: 4.832 };
const SECOND = { lat: 45.7598, lon: 4.838 };
const FENCE = `Bridge cordon ${RUN}`;
const FENCE_UID = `e2e-fence-${RUN}`;
const SPOT = { uid: `e2e-spot-${RUN}`, callsign: `RV ${RUN}`, lat: 45.7556, lon: 4.8255 };

let browser: Browser;
let command: Page;
let field: SimulatedDevice;
let lead: SimulatedDevice;

/** A user as an administrator makes one, crewing a unit of their own. */
async function crewedUnit(callsign: string, email: string, name: string): Promise<{ userId: string; unitId: string }> {
  const { user } = await callApiOk<{ user: { id: string } }>(command, 'POST', '/users', {
    email,
    full_name: name,
    role: 'Field_Unit',
    password: PASSWORD,
  });
  const { unit } = await callApiOk<{ unit: { id: string } }>(command, 'POST', '/units', { callsign, kind: 'patrol', members: [user.id] });
  return { userId: user.id, unitId: unit.id };
}

/** A user's device, enrolled and connected over TLS; served once it answers a ping (the server looks the certificate up after the handshake). */
async function enrolledDevice(email: string, uid: string, ca: string): Promise<SimulatedDevice> {
  const device = await enrolAndConnect({ enrol: inject('takEnrolPort'), tls: inject('takTlsPort') }, ca, {
    email,
    password: PASSWORD,
    uid,
  });
  await settled(device, uid);
  if (device.closed) throw new Error(`the TLS endpoint closed ${uid}'s connection`);
  return device;
}

/** A rectangle drawn in ATAK and flagged as a geofence (entry), as ATAK writes it. */
function geofence(at: number): string {
  const corners = [
    [SECOND.lat + 0.002, SECOND.lon - 0.003],
    [SECOND.lat - 0.002, SECOND.lon - 0.003],
    [SECOND.lat - 0.002, SECOND.lon + 0.003],
    [SECOND.lat + 0.002, SECOND.lon + 0.003],
  ];
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes'?><event version='2.0' uid='${FENCE_UID}' type='u-d-r' time='${iso(at)}' start='${iso(at)}' stale='${iso(at + 86_400_000)}' how='h-e'>` +
    `<point lat='${SECOND.lat}' lon='${SECOND.lon}' hae='9999999.0' ce='9999999.0' le='9999999.0' /><detail>` +
    corners.map(([lat, lon]) => `<link point='${lat},${lon}'/>`).join('') +
    `<strokeColor value='-65536'/><strokeWeight value='3.0'/><fillColor value='-1761673216'/><remarks></remarks>` +
    `<__geofence elevationMonitored='false' minElevation='NaN' monitor='All' trigger='Entry' tracking='true' maxElevation='NaN' boundingSphere='8000.0'/>` +
    `<contact callsign='${FENCE}'/><creator uid='${LEAD.uid}' callsign='${LEAD.callsign}' time='${iso(at)}' type='a-f-G-U-C'/><archive/><labels_on value='true'/></detail></event>`
  );
}

/** The project's hand-written ATAK spot map and delete task (apps/server/test/fixtures/cot/), for this run's marker. */
function markerFixture(name: string, at: number): string {
  return fs
    .readFileSync(new URL(`../../apps/server/test/fixtures/cot/${name}`, import.meta.url), 'utf8')
    .trim()
    .replaceAll('9d3e5a0c-6f1b-4c2e-9a71-2b8d4f0e6c15', SPOT.uid)
    .replaceAll('TARGET_UID', SPOT.uid)
    .replace("lat='51.5072' lon='-0.1276'", `lat='${SPOT.lat}' lon='${SPOT.lon}'`)
    .replace("callsign='R 1'", `callsign='${SPOT.callsign}'`)
    .replaceAll('STALE', iso(at + 3_600_000))
    .replaceAll('TIME', iso(at))
    .replaceAll('CREATOR_UID', FIELD.uid);
}
const pointsOnMap = async (page: Page) => (await sourceFeatures(page, 'tak-points')).map((feature) => feature.properties.id);

/** The GeoChats a device was sent, read as Argus reads CoT. */
function geoChatsOf(device: SimulatedDevice): Extract<CotMessage, { kind: 'chat' }>[] {
  return device.received
    .split('</event>')
    .slice(0, -1)
    .map((xml) => readCot(`${xml}</event>`))
    .filter((event): event is Extract<CotMessage, { kind: 'chat' }> => event.kind === 'chat');
}

async function unitOnMap(callsign: string): Promise<number[] | undefined> {
  return (await sourceFeatures(command, 'units')).find((feature) => feature.properties.callsign === callsign)?.geometry.coordinates as
    number[] | undefined;
}
const at = (coordinates: number[] | undefined, place: { lat: number; lon: number }) =>
  coordinates !== undefined && Math.abs(coordinates[0]! - place.lon) < 1e-6 && Math.abs(coordinates[1]! - place.lat) < 1e-6;

beforeAll(async () => {
  browser = await launchBrowser();
  command = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(command, 'Super_Admin');
  await command.waitForURL((url) => url.pathname !== '/login');
  await crewedUnit(FIELD.callsign, FIELD.email, 'Toni Field');
  // The lead crews a command vehicle and holds a command role, so the zones policy lets them draw zones.
  const { userId } = await crewedUnit(LEAD.callsign, LEAD.email, 'Jules Lead');
  await callApiOk(command, 'PATCH', `/users/${userId}`, { role: 'Command_Admin' });
  const ca = fs.readFileSync(path.join(inject('dataDir'), 'tak', 'ca.pem'), 'utf8');
  field = await enrolledDevice(FIELD.email, FIELD.uid, ca);
  lead = await enrolledDevice(LEAD.email, LEAD.uid, ca);
}, 120_000);

afterAll(async () => {
  // The browser tests share one server: the devices are cut off and the drawn zone put away.
  if (command) {
    const certificates = (await callApi(command, 'GET', '/tak/certificates')).body?.certificates ?? [];
    for (const certificate of certificates as { id: string; deviceUid: string; revokedAt: number | null }[])
      if ([FIELD.uid, LEAD.uid].includes(certificate.deviceUid) && certificate.revokedAt === null)
        await callApi(command, 'POST', `/tak/certificates/${certificate.id}/revoke`);
  }
  field?.end();
  lead?.end();
  await browser?.close();
});

describe('an ATAK device over TLS and the command dashboard', () => {
  it('shows the device’s unit moving, its message, its SOS and its geofence; an incident reaches the device as CoT', async () => {
    await command.goto(mainUrl(`/command#15/${FIRST.lat}/${FIRST.lon}`));
    await mapReady(command);

    // Position reports move the device's unit on the open map.
    field.send(pli(FIELD.uid, FIELD.callsign, Date.now(), FIRST.lat, FIRST.lon));
    await expect.poll(async () => at(await unitOnMap(FIELD.callsign), FIRST), SOON).toBe(true);
    field.send(pli(FIELD.uid, FIELD.callsign, Date.now(), SECOND.lat, SECOND.lon));
    await expect.poll(async () => at(await unitOnMap(FIELD.callsign), SECOND), SOON).toBe(true);
    await mapSettled(command);
    await screenshot(command, 'tak-device-unit-moved-1440');

    // A GeoChat lands in the unit's conversation with command.
    const text = `Bridge closed, rerouting ${RUN}`;
    field.send(geoChat(FIELD.uid, FIELD.callsign, `msg-${RUN}`, Date.now(), text));
    await command.getByRole('tab', { name: /^Messages/ }).click();
    const row = command
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(FIELD.callsign) })
      .first();
    await expect.poll(() => row.textContent(), SOON).toContain(text);
    await screenshot(command, 'tak-device-message-1440');

    // The drawn geofence is a zone on the map.
    lead.send(geofence(Date.now()));
    await expect
      .poll(async () => (await sourceFeatures(command, 'zones')).map((feature) => feature.properties.name), SOON)
      .toContain(FENCE);
    const zone = (await sourceFeatures(command, 'zones')).find((feature) => feature.properties.name === FENCE)!;
    expect(zone.properties.risk).toBe('high');
    await mapSettled(command);
    await screenshot(command, 'tak-device-zone-1440');

    // The 911 alert puts the unit in SOS in front of command; the device's cancel clears it.
    field.send(alert911(FIELD.uid, FIELD.callsign, Date.now(), SECOND.lat, SECOND.lon));
    const banner = command.getByRole('alert').filter({ has: command.getByRole('heading', { name: /SOS/ }) });
    await expect.poll(() => banner.textContent(), SOON).toContain(FIELD.callsign);
    await screenshot(command, 'tak-device-sos-1440');
    field.send(cancel911(FIELD.uid, FIELD.callsign, Date.now()));
    await expect.poll(() => banner.filter({ hasText: FIELD.callsign }).count(), SOON).toBe(0);

    // An incident command opens reaches the lead's device (command sees every incident) as a spot-map marker.
    const title = `Collapsed scaffold ${RUN}`;
    const { incident } = await callApiOk<{ incident: { id: string } }>(command, 'POST', '/incidents', {
      title,
      category: 'rescue',
      severity: 'high',
      location: FIRST,
    });
    await lead.until((d) => d.received.includes(`argus-incident-${incident.id}`));
    expect(lead.received).toContain(title);

    const { zones } = await callApiOk<{ zones: { id: string; name: string }[] }>(command, 'GET', '/zones');
    await callApiOk(command, 'PATCH', `/zones/${zones.find((candidate) => candidate.name === FENCE)!.id}`, { active: false });
    // Put away in Argus, the drawing is taken off the devices.
    await lead.until((d) => d.received.includes('t-x-d-d') && d.received.includes(FENCE_UID));
  });

  it('sends command’s broadcast from the dashboard to every device as a GeoChat in All Chat Rooms, under the sender’s name', async () => {
    const { user } = await callApiOk<{ user: { id: string; full_name: string } }>(command, 'GET', '/auth/me');
    const body = `All units: bridge & ring road closed ${RUN}`;
    await command.goto(mainUrl('/command'));
    const panel = command.getByRole('region', { name: 'Operations' });
    await command.getByRole('tab', { name: 'Broadcast' }).click();
    await panel.getByLabel('Message').fill(body);
    await panel.getByRole('button', { name: 'Send to all units' }).click();
    await expect.poll(() => panel.getByRole('status').filter({ hasText: 'Sent to all units.' }).count(), SOON).toBe(1);

    // The field crew's device hears it as well as the lead's: a broadcast is for every unit.
    for (const device of [field, lead]) {
      await device.until((d) => geoChatsOf(d).some((chat) => chat.text === body));
      expect(geoChatsOf(device).find((chat) => chat.text === body)).toMatchObject({
        roomId: 'All Chat Rooms',
        room: 'All Chat Rooms',
        senderUid: `argus-user-${user.id}`,
        callsign: user.full_name,
      });
    }
  });

  it('shows a spot map dropped on the device on the command map, in its colour with its card, until the device deletes it', async () => {
    await command.goto(mainUrl(`/command#16/${SPOT.lat}/${SPOT.lon}`));
    await mapReady(command);
    const phone = await (await newContext(browser)).newPage();
    await signIn(phone, 'Super_Admin');
    await phone.waitForURL((url) => url.pathname !== '/login');
    await phone.goto(mainUrl(`/command#15/${SPOT.lat}/${SPOT.lon}`));
    await mapReady(phone);

    field.send(markerFixture('marker-spot-map-b-m-p-s-m.xml', Date.now()));
    await expect.poll(() => pointsOnMap(command), SOON).toContain(SPOT.uid);
    await expect.poll(() => pointsOnMap(phone), SOON).toContain(SPOT.uid);
    // Drawn in the marker's red, labelled with its callsign.
    await expect
      .poll(async () => (await renderedFeatures(command, ['tak-points-label'])).map((feature) => feature.properties.label), SOON)
      .toContain(SPOT.callsign);
    const drawn = (await sourceFeatures(command, 'tak-points')).find((feature) => feature.properties.id === SPOT.uid)!;
    expect(drawn.properties.colour).toBe('#ff0000');

    // Its card says what it is, who placed it and when.
    await mapSettled(command);
    await clickMapAt(command, SPOT);
    const card = command.getByRole('region', { name: 'Chosen on the map' });
    await expect.poll(() => card.textContent(), SOON).toContain(`${SPOT.callsign} · Spot map from a TAK device`);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Casualty collection point, north gate');
    expect(text).toContain(`Placed by`);
    expect(text).toContain(FIELD.uid);
    expect(text).toContain('Toni Field');
    expect(text).toMatch(/Placed (just now|\d+ s ago)/);
    await screenshot(command, 'tak-point-command-1440');
    await mapSettled(phone);
    await clickMapAt(phone, SPOT);
    await expect.poll(() => phone.getByRole('region', { name: 'Chosen on the map' }).textContent(), SOON).toContain(SPOT.callsign);
    await screenshot(phone, 'tak-point-command-390');

    // Deleted on the device: off both maps, and its card goes with it.
    field.send(markerFixture('marker-delete-t-x-d-d.xml', Date.now()));
    await expect.poll(() => pointsOnMap(command), SOON).not.toContain(SPOT.uid);
    await expect.poll(() => pointsOnMap(phone), SOON).not.toContain(SPOT.uid);
    await expect.poll(() => card.count(), SOON).toBe(0);
    await phone.context().close();
  });
});
