import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { TAK_REPORTS_PER_DEVICE } from '../src/features/tak/tak-incident-reports';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { incidentMarker } from './tak-cot';
import { eventually, type SimulatedDevice } from './tak-device';
import { enrolAndConnect, settled } from './tak-tls-device';

describe.each(TEST_DIALECTS)('incidents marked on TAK devices as field reports on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let device: SimulatedDevice | undefined;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { COT_TLS_PORT: '0', TAK_ENROL_PORT: '0' });
    await t.app.ready();
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
  });
  afterEach(async () => {
    device?.end();
    await t.close();
  });

  it('files an a-.-X marker once, as the crew member’s field report for triage, and keeps it off the contacts', async () => {
    const crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] });
    device = await enrolAndConnect({ enrol: t.takTls.enrolPort!, tls: t.takTls.tlsPort! }, t.takTls.authority!.pem, {
      email: crew.email,
      password: STRONG_PASSWORD,
      uid: 'ANDROID-medic',
    });
    const marker = incidentMarker('inc-1', 'ANDROID-medic', t.clock.now(), 51.5, -0.12, 'Gas leak', 'Smell of gas by the school gate');
    // ATAK sends a marker again whenever it is touched: one report.
    device.send(marker);
    device.send(marker);
    await settled(device);
    const reports = await eventually(
      async () =>
        (await command.request('GET', '/reports?kind=field')).json().reports as {
          kind: string;
          category: string;
          description: string;
          location: { lat: number };
        }[],
      (list) => list.length > 0,
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ kind: 'field', category: 'Gas leak', location: { lat: 51.5 } });
    expect(reports[0]!.description).toContain('Smell of gas by the school gate');
    const contacts = (await command.request('GET', '/tak/contacts')).json().contacts as TakContact[];
    expect(contacts.map((contact) => contact.uid)).not.toContain('inc-1');
  });

  it('files at most the hour’s share of new markers from one device; markers sent again do not count', async () => {
    const crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] });
    device = await enrolAndConnect({ enrol: t.takTls.enrolPort!, tls: t.takTls.tlsPort! }, t.takTls.authority!.pem, {
      email: crew.email,
      password: STRONG_PASSWORD,
      uid: 'ANDROID-medic',
    });
    const marker = (n: number) => incidentMarker(`inc-${n}`, 'ANDROID-medic', t.clock.now(), 51.5, -0.12, `Marker ${n}`, 'here');
    const filed = async () => (await t.services.db.kysely.selectFrom('reports').select('id').execute()).length;
    const { max, windowMs } = TAK_REPORTS_PER_DEVICE;
    // Sent again, a marker filed already is no new report and spends nothing.
    device.send(marker(1));
    device.send(marker(1));
    for (let n = 2; n <= max; n++) device.send(marker(n));
    device.send(marker(max + 1));
    device.send(marker(max + 2));
    await settled(device);
    expect(await filed()).toBe(max);
    // The next hour, the device's markers are filed again.
    t.clock.advance(windowMs);
    device.send(marker(max + 3));
    await settled(device);
    expect(await filed()).toBe(max + 1);
  });
});
