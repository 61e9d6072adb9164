import { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, mainUrl, newContext, screenshot, signIn } from '../support/browser';
import { clickMapAt, mapReady, mapSettled, sourceFeatures } from '../support/map';

/**
 * Issue 18 (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md): an administrator
 * enrols a crew member's TAK device from Settings › TAK certificates, reached from the unit, and
 * gets a one-time token, ATAK's QR code and the data package; a device (this test's TLS client)
 * enrols with the token as ATAK does and connects; revoking it on the page cuts it off.
 */
const SOON = { timeout: 30_000 };
const RUN = Date.now().toString(16);
const UID = `ANDROID-e2e-enrol-${RUN}`;
const CALLSIGN = `TAK-${RUN.slice(-5)}`;
// Where the device reports the unit: a place no other test puts a unit, so a click there finds this one.
const PLACE = { lat: 51.4437, lon: -0.3522 };
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);

let browser: Browser;
let admin: Page;
let phone: Page;
let ca: string;
let unitId: string;
let crew: { id: string; email: string; full_name: string };
let partner: { id: string; full_name: string };

/** What ATAK does with the token: a key, a CSR in the user's name, signClient/v2 with HTTP Basic. */
async function enrolDevice(email: string, token: string): Promise<{ cert: string; key: string }> {
  const keys = (await webcrypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [email] }, { O: ['Argus'] }],
    keys,
    signingAlgorithm: RSA,
  });
  const body = await new Promise<string>((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: inject('takEnrolPort'),
        servername: 'localhost',
        ca,
        method: 'POST',
        path: `/Marti/api/tls/signClient/v2?clientUid=${encodeURIComponent(UID)}`,
        headers: { accept: 'application/json', authorization: `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}` },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => (response.statusCode === 200 ? resolve(text) : reject(new Error(`${response.statusCode}: ${text}`))));
      },
    );
    request.on('error', reject);
    request.end(Buffer.from(csr.rawData).toString('base64'));
  });
  const { signedCert } = JSON.parse(body) as { signedCert: string };
  return {
    cert: x509.PemConverter.encode(Buffer.from(signedCert, 'base64'), 'CERTIFICATE'),
    key: x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'),
  };
}

function pli(lat: number, lon: number): string {
  const now = new Date();
  const stale = new Date(now.getTime() + 75_000);
  return (
    `<event version="2.0" uid="${UID}" type="a-f-G-U-C" time="${now.toISOString()}" start="${now.toISOString()}" stale="${stale.toISOString()}" how="m-g">` +
    `<point lat="${lat}" lon="${lon}" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><contact callsign="${CALLSIGN}"/></detail></event>`
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })).newPage();
  await signIn(admin, 'Command_Admin');
  await admin.waitForURL((url) => url.pathname !== '/login');
  phone = await (await newContext(browser)).newPage();
  await signIn(phone, 'Super_Admin');
  await phone.waitForURL((url) => url.pathname !== '/login');
  ca = fs.readFileSync(path.join(inject('dataDir'), 'tak', 'ca.pem'), 'utf8');
  // A crew member and a unit of this run's own, so the other TAK tests' unit is left alone.
  const created = await callApiOk<{ user: typeof crew }>(admin, 'POST', '/users', {
    email: `tak-crew-${RUN}@example.org`,
    full_name: `Rui Tak ${RUN.slice(-4)}`,
    role: 'Field_Unit',
    password: `Crew-${RUN}-Strong-Passphrase!`,
  });
  crew = created.user;
  // A second crew member, to see that choosing another member takes the token on screen away.
  partner = (
    await callApiOk<{ user: typeof partner }>(admin, 'POST', '/users', {
      email: `tak-partner-${RUN}@example.org`,
      full_name: `Ana Tak ${RUN.slice(-4)}`,
      role: 'Field_Unit',
      password: `Partner-${RUN}-Strong-Passphrase!`,
    })
  ).user;
  unitId = (
    await callApiOk<{ unit: { id: string } }>(admin, 'POST', '/units', { callsign: CALLSIGN, kind: 'fire', members: [crew.id, partner.id] })
  ).unit.id;
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe('TAK enrolment', () => {
  it('an administrator makes a token, QR code and data package; the device enrols with it and connects; revoking it cuts it off', async () => {
    // From the unit: Settings › TAK certificates with the unit chosen.
    await admin.goto(mainUrl(`/settings?enrolUnit=${unitId}#tak-certificates`));
    const section = admin.getByRole('region', { name: 'TAK certificates' });
    await section.getByRole('combobox', { name: 'Crew member' }).selectOption({ label: crew.full_name }, SOON);
    expect(await section.getByRole('combobox', { name: 'Unit' }).inputValue()).toBe(unitId);
    await section.getByRole('button', { name: 'Make an enrolment token' }).click();
    const token = section.getByTestId('tak-enrolment-token');
    await expect.poll(() => token.textContent(), SOON).toMatch(/^takenrol-/);
    const secret = (await token.textContent())!;
    const qr = section.getByRole('img', { name: `QR code of ATAK's enrolment link for ${crew.full_name}` });
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), SOON).toBe(true);
    await screenshot(admin, 'tak-enrolment-desktop', section);

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      section.getByRole('button', { name: 'Download the data package' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`argus-${CALLSIGN}-onboarding.zip`);
    const files = unzipSync(fs.readFileSync((await download.path())!));
    expect(strFromU8(files['MANIFEST/manifest.xml']!)).toContain('truststore-argus.p12');
    const pref = Object.entries(files).find(([name]) => name.endsWith('.pref'))!;
    expect(strFromU8(pref[1])).toContain(`localhost:${inject('takTlsPort')}:ssl`);
    expect(strFromU8(pref[1])).toContain(secret);

    // The device enrols with the token, as ATAK does from the QR code, and connects over TLS.
    const client = await enrolDevice(crew.email, secret);
    const socket = tls.connect({ host: '127.0.0.1', port: inject('takTlsPort'), servername: 'localhost', ca, ...client });
    socket.on('error', () => undefined);
    // Read what Argus sends (its units, other devices): a stream left paused never sees its end.
    socket.on('data', () => undefined);
    let closed = false;
    socket.on('close', () => (closed = true));
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', resolve);
      socket.once('close', () => reject(new Error('the TLS connection was refused')));
    });
    socket.write(pli(PLACE.lat, PLACE.lon));
    await expect
      .poll(async () => {
        const { units } = await callApiOk<{ units: Array<{ id: string; position: { location: { lat: number } } | null }> }>(
          admin,
          'GET',
          '/units',
        );
        return units.find((unit) => unit.id === unitId)?.position?.location.lat;
      }, SOON)
      .toBe(PLACE.lat);

    // On a phone the certificate is listed; revoking it, after a confirm, cuts the device off.
    await phone.goto(mainUrl('/settings#tak-certificates'));
    const phoneSection = phone.getByRole('region', { name: 'TAK certificates' });
    const row = phoneSection.getByRole('listitem').filter({ hasText: UID });
    await expect.poll(() => row.textContent(), SOON).toContain(CALLSIGN);
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: `Revoke ${crew.full_name}’s device ${UID}` }).click();
    await screenshot(phone, 'tak-certificates-confirm-phone', phoneSection);
    await row.getByRole('button', { name: 'Revoke the certificate' }).click();
    await expect.poll(() => row.textContent(), SOON).toContain('Revoked');
    await expect.poll(() => closed, SOON).toBe(true);
    await screenshot(phone, 'tak-certificates-phone', phoneSection);
    expect(await seriousViolations(phone)).toEqual([]);

    // And the token worked once: a second enrolment with it is refused in the server's words.
    await expect(enrolDevice(crew.email, secret)).rejects.toThrow(/used already/);
  });

  it('on a phone the unit card opens the section in view; another member or unit takes the token away; a second token is asked for', async () => {
    // The unit's card on the command map links to its enrolment: on a phone the section is far down Settings.
    await phone.goto(mainUrl(`/command#15/${PLACE.lat}/${PLACE.lon}`));
    await mapReady(phone);
    await expect
      .poll(async () => (await sourceFeatures(phone, 'units')).some((feature) => feature.properties.callsign === CALLSIGN), SOON)
      .toBe(true);
    await mapSettled(phone);
    await clickMapAt(phone, PLACE);
    const card = phone.getByRole('region', { name: 'Chosen on the map' });
    await expect.poll(() => card.textContent(), SOON).toContain(CALLSIGN);
    await card.getByRole('link', { name: 'Enrol a TAK device' }).click();
    const section = phone.getByRole('region', { name: 'TAK certificates' });
    const unitChoice = section.getByRole('combobox', { name: 'Unit' });
    await expect.poll(() => unitChoice.inputValue(), SOON).toBe(unitId);
    // In view without the user scrolling (the section is far down Settings on a phone): its heading is
    // on screen, below the sticky header rather than under it.
    const heading = section.getByRole('heading', { name: 'TAK certificates' });
    await expect
      .poll(
        () =>
          heading.evaluate((element) => {
            const { top, bottom } = element.getBoundingClientRect();
            return top >= document.querySelector('header')!.getBoundingClientRect().bottom && bottom <= innerHeight;
          }),
        SOON,
      )
      .toBe(true);
    await screenshot(phone, 'tak-enrolment-from-unit-phone', section);

    // A token for one member, then another member chosen: the token is no longer on screen.
    const member = section.getByRole('combobox', { name: 'Crew member' });
    await member.selectOption({ label: partner.full_name });
    await section.getByRole('button', { name: 'Make an enrolment token' }).click();
    const token = section.getByTestId('tak-enrolment-token');
    await expect.poll(() => token.textContent(), SOON).toMatch(/^takenrol-/);
    const first = await token.textContent();
    // Asking again makes no second live token without a confirm; "Keep this one" leaves the first.
    await section.getByRole('button', { name: 'Make an enrolment token' }).click();
    const confirm = section.getByRole('group', { name: 'Confirm another token' });
    await expect.poll(() => confirm.textContent(), SOON).toContain('Make another token?');
    await screenshot(phone, 'tak-enrolment-another-phone', section);
    await confirm.getByRole('button', { name: 'Keep this one' }).click();
    expect(await confirm.count()).toBe(0);
    expect(await token.textContent()).toBe(first);
    await section.getByRole('button', { name: 'Make an enrolment token' }).click();
    await confirm.getByRole('button', { name: 'Make another token' }).click();
    await expect.poll(() => token.textContent(), SOON).not.toBe(first);
    await member.selectOption({ label: crew.full_name });
    expect(await token.count()).toBe(0);

    // Likewise when another unit is chosen.
    await member.selectOption({ label: partner.full_name });
    await section.getByRole('button', { name: 'Make an enrolment token' }).click();
    await expect.poll(() => token.count(), SOON).toBe(1);
    await unitChoice.selectOption({ label: 'Choose a unit' });
    expect(await token.count()).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
