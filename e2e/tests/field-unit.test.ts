import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_UNIT } from '../support/accounts';
import { callApi, callApiOk } from '../support/api';
import { drawJpeg } from '../support/images';
import { launchBrowser, mainUrl, newContext, screenshot, signIn, siteUrl } from '../support/browser';
import { mapReady, mapView } from '../support/map';

/**
 * The field unit dashboard on a phone, on the field unit site: status, an assignment from
 * command worked through its milestones, and the offline outbox (docs/decisions/0011-what-each-page-does.md; issue 4's offline test).
 * Command and the analyst check what arrived through the API, as another screen would.
 */
const FIELD_HOST = 'field.localhost';
/** Where the phone is: central London; the incident is about 1 km north-east. */
const HERE = { latitude: 51.5072, longitude: -0.1276, accuracy: 8 };
const INCIDENT_LOCATION = { lat: 51.5135, lon: -0.1167 };
/** The unit's last position known to the server, for a phone that gives none: Greenwich, well away from HERE. */
const LAST_KNOWN = { lat: 51.4826, lon: -0.0077 };

/** How long the browser may take to show a change: sign-in hashes a password, and the machine is shared. */
const SOON = { timeout: 15_000 };

let browser: Browser;
let command: BrowserContext;
let commandPage: Page;

async function e2eUnit(): Promise<{ id: string; status: string; updatedAt: number }> {
  const { body } = await callApi(commandPage, 'GET', '/units');
  const unit = body.units.find((candidate: { callsign: string }) => candidate.callsign === E2E_UNIT.callsign);
  expect(unit, 'the global setup creates the Field_Unit account’s unit').toBeTruthy();
  return unit;
}

/** Ends whatever assignment an earlier test left the unit on, so command can dispatch it again. */
async function freeTheUnit(unitId: string): Promise<void> {
  const { body } = await callApi(commandPage, 'GET', `/dispatches?active=true&unitId=${unitId}`);
  for (const assignment of body.assignments as { id: string; status: string }[]) {
    const status = assignment.status === 'on_scene' ? 'cleared' : 'cancelled';
    const answer = await callApi(commandPage, 'POST', `/dispatches/${assignment.id}/status`, { clientId: crypto.randomUUID(), status });
    expect(answer.status).toBe(200);
  }
}

async function fieldPhone(beforeSignIn?: (page: Page) => Promise<void>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  await context.grantPermissions(['geolocation'], { origin: siteUrl(FIELD_HOST, '') });
  await context.setGeolocation(HERE);
  const page = await context.newPage();
  await beforeSignIn?.(page);
  await signIn(page, 'Field_Unit', FIELD_HOST);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Field Unit Dashboard');
  await expect.poll(() => page.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { context, page };
}

/**
 * Holds the phone's position fixes back until the test lets them through, as a phone still finding
 * its satellites when the page opens.
 */
async function holdFixes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const watch = geolocation.watchPosition.bind(geolocation);
    const held: Array<() => void> = [];
    let released = false;
    (window as unknown as { releaseFixes(): void }).releaseFixes = () => {
      released = true;
      for (const deliver of held.splice(0)) deliver();
    };
    geolocation.watchPosition = (success, failure, options) =>
      watch(
        (position) => {
          if (released) success(position);
          else held.push(() => success(position));
        },
        failure,
        options,
      );
  });
}

/** The field map has opened on a place: centred there, at a neighbourhood zoom, not on the world. */
async function expectMapOn(page: Page, place: { lat: number; lon: number }): Promise<void> {
  await page.getByRole('region', { name: 'Map', exact: true }).scrollIntoViewIfNeeded();
  await mapReady(page);
  // A first fix may come after the map opened; the map then goes there (a short flight).
  await expect
    .poll(async () => {
      const view = await mapView(page);
      return Math.abs(view.lat - place.lat) < 0.002 && Math.abs(view.lon - place.lon) < 0.002 && view.zoom >= 13;
    }, SOON)
    .toBe(true);
}

const statusButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Set unit status' }).getByRole('button', { name, exact: true });
const milestoneButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Assignment milestones' }).getByRole('button', { name, exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  command = await newContext(browser, { desktop: true });
  commandPage = await command.newPage();
  await signIn(commandPage, 'Command_Admin');
  await commandPage.waitForURL((url) => url.pathname !== '/login');
});

afterAll(async () => {
  await browser?.close();
});

describe('field unit dashboard', () => {
  it('sets the unit status and works an assignment from command: acknowledge, en route, on scene', async () => {
    const unit = await e2eUnit();
    await freeTheUnit(unit.id);
    const { context, page } = await fieldPhone();

    await statusButton(page, 'Out of service').click();
    await expect.poll(async () => (await e2eUnit()).status, { timeout: 15_000 }).toBe('out_of_service');
    await statusButton(page, 'Available').click();
    await expect.poll(async () => (await e2eUnit()).status, { timeout: 15_000 }).toBe('available');
    expect(await statusButton(page, 'Available').getAttribute('aria-pressed')).toBe('true');

    // Sharing is on for an on-duty unit: the device's fix is posted, with its accuracy, for the unit.
    expect(await page.getByRole('switch', { name: 'Share my position' }).getAttribute('aria-checked')).toBe('true');
    const position = async () =>
      (await callApi(commandPage, 'GET', '/units')).body.units.find((candidate: { id: string }) => candidate.id === unit.id).position
        ?.location ?? null;
    await expect.poll(position, { timeout: 15_000 }).toMatchObject({ lat: HERE.latitude, lon: HERE.longitude, accuracy: HERE.accuracy });
    await page.getByRole('switch', { name: 'Share my position' }).click();

    const title = `Smoke from a warehouse ${Date.now()}`;
    const created = await callApi(commandPage, 'POST', '/incidents', {
      title,
      category: 'fire',
      severity: 'high',
      location: INCIDENT_LOCATION,
      description: 'Grey smoke from the roof, no flames seen.',
    });
    expect(created.status).toBe(201);
    const dispatched = await callApi(commandPage, 'POST', `/incidents/${created.body.incident.id}/dispatch`, { unitIds: [unit.id] });
    expect(dispatched.status).toBe(201);
    const dispatchId: string = dispatched.body.dispatches[0].id;
    const assignmentStatus = async () =>
      (await callApi(commandPage, 'GET', `/dispatches?active=false&unitId=${unit.id}`)).body.assignments.find(
        (candidate: { id: string }) => candidate.id === dispatchId,
      )?.status;

    // The assignment reaches the phone without a reload, with where it is from here.
    await expect.poll(() => page.getByText(title).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        () =>
          page
            .getByText(/^\d+(\.\d+)? (m|km)$/)
            .first()
            .isVisible(),
        SOON,
      )
      .toBe(true);
    await expect.poll(() => page.getByText(/^NE \d+°$/).isVisible(), SOON).toBe(true);
    await expect
      .poll(
        () =>
          page
            .getByText(/^30U XC \d{5} \d{5}$/)
            .first()
            .isVisible(),
        SOON,
      )
      .toBe(true);
    await screenshot(page, 'field-unit-assignment');

    await milestoneButton(page, 'Acknowledge').click();
    await expect.poll(assignmentStatus, { timeout: 15_000 }).toBe('acknowledged');
    await milestoneButton(page, 'En route').click();
    await expect.poll(assignmentStatus, { timeout: 15_000 }).toBe('en_route');
    expect((await e2eUnit()).status).toBe('en_route');
    await milestoneButton(page, 'On scene').click();
    await expect.poll(assignmentStatus, { timeout: 15_000 }).toBe('on_scene');
    expect((await e2eUnit()).status).toBe('on_scene');
    await expect.poll(() => milestoneButton(page, 'Clear').isEnabled(), SOON).toBe(true);
    await screenshot(page, 'field-unit-on-scene');

    await milestoneButton(page, 'Clear').click();
    await expect.poll(assignmentStatus, { timeout: 15_000 }).toBe('cleared');
    await expect.poll(async () => (await e2eUnit()).status, SOON).toBe('available');
    await context.close();
  });

  it('keeps reports and status changes made offline through a reload and delivers each once, in order', async () => {
    const unit = await e2eUnit();
    await freeTheUnit(unit.id);
    const { context, page } = await fieldPhone();
    // Paused, so the outbox below holds only what the crew did by hand.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await statusButton(page, 'Available').click();
    await expect.poll(async () => (await e2eUnit()).status, { timeout: 15_000 }).toBe('available');
    await expect.poll(() => page.getByText('Online. Everything is sent.').isVisible(), { timeout: 15_000 }).toBe(true);

    // The app shell must be installed for the page to open again with no network.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), SOON).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(/^MGRS$/).isVisible(), { timeout: 15_000 }).toBe(true);

    const run = Date.now();
    const photo = await drawJpeg(page);

    await context.setOffline(true);
    await expect.poll(() => page.getByText(/^Offline\./).isVisible(), SOON).toBe(true);

    const fileReport = async (description: string, withPhoto = false) => {
      const form = page.getByRole('region', { name: 'Quick report' });
      await form.getByLabel('What is it?').selectOption('hazard');
      await form.getByLabel('What do you see?').fill(description);
      if (withPhoto) {
        await form.locator('input[type="file"]').setInputFiles({ name: 'scene.jpg', mimeType: 'image/jpeg', buffer: photo });
        await expect.poll(() => form.getByRole('img', { name: 'Photo 1' }).isVisible(), SOON).toBe(true);
      }
      await form.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => form.getByText(/^Report saved on this device/).isVisible(), SOON).toBe(true);
    };
    const descriptions = [1, 2, 3].map((number) => `Offline report ${number} of run ${run}`);
    await fileReport(descriptions[0]!);
    await statusButton(page, 'Out of service').click();
    await fileReport(descriptions[1]!, true);
    await statusButton(page, 'Available').click();
    await fileReport(descriptions[2]!);

    await expect.poll(() => page.getByRole('heading', { name: 'Waiting to send (5)' }).isVisible(), SOON).toBe(true);
    await page.locator('#outbox').scrollIntoViewIfNeeded();
    await screenshot(page, 'field-unit-offline-outbox');

    // Closed and opened again with no network: the shell comes from the service worker, the
    // session the device remembers lets the crew carry on, and the five actions are still there.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Field Unit Dashboard' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Waiting to send (5)' }).isVisible(), SOON).toBe(true);
    await screenshot(page, 'field-unit-reopened-offline');
    const stored = await page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const request = indexedDB.open('argus-outbox');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const read = request.result.transaction('items').objectStore('items').getAll();
            read.onsuccess = () =>
              resolve(
                (read.result as { state: string; action: { kind: string } }[])
                  .filter((item) => item.state !== 'sent')
                  .map((item) => item.action.kind),
              );
            read.onerror = () => reject(read.error);
          };
        }),
    );
    expect(stored).toEqual(['report', 'unit-status', 'report', 'unit-status', 'report']);
    const before = (await callApi(commandPage, 'GET', '/reports?kind=field&limit=200')).body.reports as { description: string }[];
    expect(before.filter((report) => report.description.endsWith(`run ${run}`))).toHaveLength(0);

    // The signal returns: the page opens by itself and the outbox empties.
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), { timeout: 45_000 }).toBe(true);
    await expect.poll(() => page.getByText('Online. Everything is sent.').isVisible(), { timeout: 45_000 }).toBe(true);
    await screenshot(page, 'field-unit-back-online');

    type ArrivedReport = { description: string; createdAt: number; photos: unknown[] };
    const arrived = ((await callApi(commandPage, 'GET', '/reports?kind=field&limit=200')).body.reports as ArrivedReport[])
      .filter((report) => report.description.endsWith(`run ${run}`))
      .sort((a, b) => a.createdAt - b.createdAt);
    expect(arrived.map((report) => report.description)).toEqual(descriptions);
    expect(arrived[1]!.photos).toHaveLength(1);
    // The second status change (back to available) changed the unit, so the first (out of
    // service) had arrived before it; and it came after the second report, before the third.
    const after = await e2eUnit();
    expect(after.status).toBe('available');
    expect(after.updatedAt).toBeGreaterThanOrEqual(arrived[1]!.createdAt);
    expect(after.updatedAt).toBeLessThanOrEqual(arrived[2]!.createdAt);
    await context.close();
  });

  it('exchanges messages with command and shows its broadcasts', async () => {
    const unit = await e2eUnit();
    const { context, page } = await fieldPhone();
    const run = Date.now();
    const toUnit = await callApi(commandPage, 'POST', '/messages', {
      clientId: crypto.randomUUID(),
      channel: 'unit',
      targetId: unit.id,
      body: `Hold at the bridge ${run}`,
    });
    expect(toUnit.status).toBe(201);
    const broadcast = await callApi(commandPage, 'POST', '/messages', {
      clientId: crypto.randomUUID(),
      channel: 'broadcast',
      body: `All units: road closed ${run}`,
    });
    expect(broadcast.status).toBe(201);
    const thread = page.getByRole('region', { name: 'Messages' });
    await expect.poll(() => thread.getByText(`Hold at the bridge ${run}`).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => thread.getByText(`All units: road closed ${run}`).isVisible(), { timeout: 20_000 }).toBe(true);

    await thread.getByLabel('Message command').fill(`At the bridge, holding ${run}`);
    await thread.getByRole('button', { name: 'Send message' }).click();
    const replies = async () =>
      ((await callApi(commandPage, 'GET', `/messages?channel=unit&targetId=${unit.id}`)).body.messages as { body: string }[]).filter(
        (message) => message.body === `At the bridge, holding ${run}`,
      ).length;
    await expect.poll(replies, { timeout: 15_000 }).toBe(1);
    await thread.scrollIntoViewIfNeeded();
    await screenshot(page, 'field-unit-messages');
    await context.close();
  });

  it('keeps a message that arrives while its thread is still being fetched', async () => {
    // The race a page meets on every opening: its thread is fetched, the server reads it, a
    // message is sent and pushed live, and only then does the older answer land. Here every
    // answer read before the message was sent is held back until the live frame has arrived.
    const unit = await e2eUnit();
    const run = Date.now();
    const body = `Stay on channel two ${run}`;
    let sent = false;
    let release!: () => void;
    const frameArrived = new Promise<void>((resolve) => (release = resolve));
    let confirm!: () => void;
    const subscribed = new Promise<void>((resolve) => (confirm = resolve));
    const { context, page } = await fieldPhone(async (phone) => {
      // Every channel of the subscription that includes the unit's must be confirmed: each
      // confirmation makes the page refetch.
      let awaiting = 0;
      phone.on('websocket', (socket) => {
        socket.on('framesent', (frame) => {
          const text = String(frame.payload);
          if (text.includes('"subscribe"') && text.includes(`"unit:${unit.id}"`))
            awaiting = (JSON.parse(text) as { subscriptions: unknown[] }).subscriptions.length;
        });
        socket.on('framereceived', (frame) => {
          const text = String(frame.payload);
          if (awaiting > 0 && text.includes('"realtime.subscribed"') && --awaiting === 0) confirm();
          if (text.includes(body)) release();
        });
      });
      await phone.route(/\/messages\?channel=unit/, async (route) => {
        if (sent) return route.continue();
        // Read now, before the message exists. Node cannot resolve *.localhost: ask loopback
        // with the site's name in the Host header.
        const url = new URL(route.request().url());
        const answer = await route.fetch({
          url: url.href.replace(url.hostname, '127.0.0.1'),
          headers: { ...(await route.request().allHeaders()), host: url.host },
        });
        await frameArrived;
        await route.fulfill({ response: answer }).catch(() => undefined);
      });
    });
    // Subscribed, so the refetch that confirmation causes is in flight (and held) too.
    await subscribed;
    sent = true;
    expect(
      (await callApi(commandPage, 'POST', '/messages', { clientId: crypto.randomUUID(), channel: 'unit', targetId: unit.id, body })).status,
    ).toBe(201);
    const thread = page.getByRole('region', { name: 'Messages' });
    await expect.poll(() => thread.getByText(body).isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });

  it('raises SOS by a deliberate hold and keeps the emergency on screen until command clears it', async () => {
    const unit = await e2eUnit();
    const { context, page } = await fieldPhone();
    const sos = page.getByRole('button', { name: 'SOS', exact: true });

    // A short press only asks; cancelling sends nothing.
    await sos.click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Send SOS?' }).isVisible(), SOON).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(
      (await callApi(commandPage, 'GET', '/units')).body.units.find((candidate: { id: string }) => candidate.id === unit.id).emergency,
    ).toBeNull();

    // Held for two seconds, it goes.
    await sos.hover();
    await page.mouse.down();
    await page.waitForTimeout(2_300);
    await page.mouse.up();
    const emergency = async () =>
      (await callApi(commandPage, 'GET', '/units')).body.units.find((candidate: { id: string }) => candidate.id === unit.id).emergency;
    await expect.poll(emergency, { timeout: 15_000 }).not.toBeNull();
    expect((await emergency()).location).toMatchObject({ lat: HERE.latitude, lon: HERE.longitude });
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: `SOS — ${E2E_UNIT.callsign} in emergency` })
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect.poll(() => page.getByText(/^Command was alerted at/).isVisible(), SOON).toBe(true);
    await screenshot(page, 'field-unit-sos');

    const cleared = await callApi(commandPage, 'POST', `/units/${unit.id}/sos/clear`, {});
    expect(cleared.status).toBe(200);
    await expect.poll(() => page.getByText(`SOS — ${E2E_UNIT.callsign} in emergency`).count(), { timeout: 30_000 }).toBe(0);
    await context.close();
  });

  it('with no assignment and no home area, opens its map on the crew: the phone’s fix, else the unit’s last known position', async () => {
    const unit = await e2eUnit();
    await freeTheUnit(unit.id);
    // The browser tests share one server and none leaves a home area set (home-area.test.ts clears its own).
    const home = await callApiOk<{ source: string }>(commandPage, 'GET', '/map/home-area');
    expect(home.source, 'no home area is set for the field unit').not.toBe('set');

    // The phone on the field site, its first fix still to come: the map opens on where the server
    // last had the unit; when the fix comes, on the phone itself. Never on the world.
    const lastKnown = { clientId: crypto.randomUUID(), location: LAST_KNOWN, heading: 0, speed: 0 };
    await callApiOk(commandPage, 'POST', `/units/${unit.id}/position`, lastKnown);
    const { context, page } = await fieldPhone(holdFixes);
    await expectMapOn(page, LAST_KNOWN);
    await page.evaluate(() => (window as unknown as { releaseFixes(): void }).releaseFixes());
    await expectMapOn(page, { lat: HERE.latitude, lon: HERE.longitude });
    await screenshot(page, 'field-unit-map-on-crew-phone');
    await context.close();

    // At a desktop on the main site, with location not allowed: the unit's last position from the server.
    // The phone shared its fix while on duty, so the last position is set again.
    await callApiOk(commandPage, 'POST', `/units/${unit.id}/position`, { ...lastKnown, clientId: crypto.randomUUID() });
    const desktop = await newContext(browser, { desktop: true });
    const desk = await desktop.newPage();
    await signIn(desk, 'Field_Unit');
    await desk.waitForURL((url) => url.pathname !== '/login');
    await desk.goto(mainUrl('/fieldunit'));
    await expect.poll(() => desk.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expectMapOn(desk, LAST_KNOWN);
    await screenshot(desk, 'field-unit-map-on-crew-desktop');
    // Issue 19's walk: at a desktop the title lines up with the page's column, and the SOS bar runs
    // beside the navigation, not over it.
    const title = await desk.getByRole('heading', { level: 1 }).boundingBox();
    const column = await desk.getByRole('region', { name: 'Map', exact: true }).boundingBox();
    expect(Math.abs((title?.x ?? -1) - (column?.x ?? 0))).toBeLessThan(1);
    const sidebar = await desk.getByRole('complementary', { name: 'Sidebar' }).boundingBox();
    const bar = await desk
      .locator('div.fixed')
      .filter({ has: desk.getByRole('button', { name: 'SOS', exact: true }) })
      .boundingBox();
    expect(bar?.x ?? -1).toBeGreaterThanOrEqual((sidebar?.x ?? 0) + (sidebar?.width ?? 0) - 1);
    await desktop.close();
  });

  it('is also at /field-unit on the main site', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, 'Field_Unit');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(mainUrl('/field-unit'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SOON).toBe('Field Unit Dashboard');
    await expect.poll(() => page.getByRole('heading', { name: E2E_UNIT.callsign }).isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
