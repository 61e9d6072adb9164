import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/lib/clock';
import { TEST_DIALECTS, createTestDatabase } from './databases';
import { insertZone, squarePolygon } from './rules-support';
import { buildTestApp, createUser, signIn, signInNewUser, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('threat rules on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let commandId: string;
  let crewId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({
      user: { id: commandId },
      client: command,
    } = await signInNewUser(t, 'Command_Admin'));
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
    ({
      user: { id: crewId },
      client: crew,
    } = await signInNewUser(t, 'Field_Unit'));
  });
  afterEach(() => t.close());

  const createUnit = async () =>
    (await command.request('POST', '/units', { callsign: 'ALPHA-1', kind: 'patrol', members: [crewId] })).json().unit as { id: string };
  const move = (unitId: string, lon: number, lat: number) =>
    crew.request('POST', `/units/${unitId}/position`, { clientId: randomUUID(), location: { lat, lon }, at: t.clock.now() });
  const alertsOf = async (rule: string) => {
    await t.services.threatEngine.idle();
    return (await command.request('GET', `/alerts?rule=${rule}`)).json().alerts as {
      id: string;
      subject?: string;
      status: string;
      occurrences: number;
      detail: string;
      sources: { kind: string; id: string }[];
      tier: string;
      latency: Record<string, number | null>;
    }[];
  };

  it('raises one geofence alert when a unit enters a high-risk zone, not another on the next position, and notes the exit', async () => {
    const zone = await insertZone(t.services, commandId, { lon: 10, lat: 10, size: 1, name: 'Market district' });
    await insertZone(t.services, commandId, { lon: 10, lat: 10, size: 1, riskLevel: 'low', name: 'Low risk' });
    const unit = await createUnit();
    expect((await move(unit.id, 9.5, 9.5)).statusCode).toBe(200);
    expect(await alertsOf('zone.geofence')).toEqual([]);
    t.clock.advance(1000);
    await move(unit.id, 10.5, 10.5);
    const [alert] = await alertsOf('zone.geofence');
    expect(alert).toMatchObject({
      status: 'new',
      occurrences: 1,
      tier: 'alert',
      zoneId: zone.id,
      title: 'ALPHA-1 entered Market district',
      severity: 'warning',
    });
    expect(alert!.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'unit', id: unit.id, name: 'ALPHA-1' }),
        { kind: 'zone', id: zone.id, name: 'Market district' },
      ]),
    );
    expect(alert!.latency).toMatchObject({
      eventAt: t.clock.now(),
      ingestedAt: t.clock.now(),
      alertedAt: t.clock.now(),
      acknowledgedAt: null,
    });
    t.clock.advance(1000);
    await move(unit.id, 10.6, 10.6);
    expect(await alertsOf('zone.geofence')).toHaveLength(1);
    t.clock.advance(1000);
    await move(unit.id, 12, 12);
    const [afterExit] = await alertsOf('zone.geofence');
    expect(afterExit).toMatchObject({ id: alert!.id, status: 'new', occurrences: 1 });
    expect(afterExit!.detail).toContain('left the zone');
    // Coming back merges into the open alert instead of raising a second one.
    t.clock.advance(1000);
    await move(unit.id, 10.5, 10.5);
    expect(await alertsOf('zone.geofence')).toMatchObject([{ id: alert!.id, occurrences: 2 }]);
  });

  it('follows zones drawn, re-rated and deactivated through /zones, and watches reports inside them', async () => {
    const drawn = await command.request('POST', '/zones', {
      name: 'River crossing',
      kind: 'restricted',
      riskLevel: 'elevated',
      geometry: squarePolygon(30, 30),
    });
    expect(drawn.statusCode).toBe(201);
    const zone = drawn.json().zone;
    const unit = await createUnit();
    await move(unit.id, 30.5, 30.5);
    // Elevated is below the geofence rule's "high": nothing yet.
    expect(await alertsOf('zone.geofence')).toEqual([]);
    expect((await analyst.request('PATCH', `/zones/${zone.id}`, { riskLevel: 'critical' })).statusCode).toBe(200);
    t.clock.advance(1000);
    await move(unit.id, 30.6, 30.5);
    expect(await alertsOf('zone.geofence')).toMatchObject([{ zoneId: zone.id, severity: 'critical' }]);
    const civic = (await signInNewUser(t, 'Civic_Reporter')).client;
    await civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'flood',
      description: 'Water over the road',
      location: { lat: 30.2, lon: 30.2 },
    });
    await civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'flood',
      description: 'Bridge closed',
      location: { lat: 30.8, lon: 30.8 },
    });
    const geofence = await alertsOf('zone.geofence');
    expect(geofence.find((alert) => alert.sources.some((source) => source.kind === 'report'))).toMatchObject({
      title: 'Report inside River crossing',
      occurrences: 2,
    });
    // Deactivated, the zone watches nothing: the unit's presence in it ends, and new positions raise nothing.
    expect((await command.request('PATCH', `/zones/${zone.id}`, { active: false })).statusCode).toBe(200);
    await t.services.threatEngine.idle();
    expect(await t.services.db.kysely.selectFrom('rule_presence').selectAll().where('zone_id', '=', zone.id).execute()).toEqual([]);
    t.clock.advance(1000);
    await move(unit.id, 30.7, 30.5);
    expect(await alertsOf('zone.geofence')).toHaveLength(2);
  });

  it('does not raise again after a restart on the same database', async () => {
    const db = await createTestDatabase(dialect);
    const clock = new ManualClock();
    const first = await buildApp({ config: t.config, db, clock });
    const admin = await createUser(first.services, { role: 'Command_Admin' });
    const member = await createUser(first.services, { role: 'Field_Unit' });
    await insertZone(first.services, admin.id, { lon: 10, lat: 10, size: 1 });
    const boss = await signIn(first.app, admin.email);
    const unit = (await boss.request('POST', '/units', { callsign: 'BRAVO-2', kind: 'patrol', members: [member.id] })).json().unit;
    const position = (lon: number) => ({ clientId: randomUUID(), location: { lat: 10.5, lon }, at: clock.now() });
    await boss.request('POST', `/units/${unit.id}/position`, position(10.5));
    await first.services.threatEngine.idle();
    await first.app.close();

    const second = await buildApp({ config: t.config, db, clock });
    const again = await signIn(second.app, admin.email);
    clock.advance(5000);
    await again.request('POST', `/units/${unit.id}/position`, position(10.6));
    await second.services.threatEngine.idle();
    const alerts = (await again.request('GET', '/alerts?rule=zone.geofence')).json().alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0].occurrences).toBe(1);
    await second.app.close();
    await db.close();
  });

  it('lets command edit rule parameters with a schema per kind, and analysts only read them', async () => {
    const list = await analyst.request('GET', '/rules');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .rules.map((rule: { id: string }) => rule.id)
        .sort(),
    ).toEqual(['detection.zone', 'report.burst', 'report.keywords', 'unit.silence', 'zone.coverage', 'zone.geofence']);
    expect((await analyst.request('PATCH', '/rules/report.burst', { params: { count: 5 } })).statusCode).toBe(403);
    expect((await crew.request('GET', '/rules')).statusCode).toBe(403);

    const bad = await command.request('PATCH', '/rules/report.burst', { params: { count: 1, radiusM: 'far' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('A burst is at least 2 reports.');
    expect((await command.request('PATCH', '/rules/report.burst', { params: { colour: 'red' } })).statusCode).toBe(400);
    expect((await command.request('PATCH', '/rules/no.such', { enabled: false })).statusCode).toBe(400);

    const edited = await command.request('PATCH', '/rules/report.burst', { params: { count: 2, radiusM: 1000 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().rule).toMatchObject({
      params: { count: 2, radiusM: 1000, windowMinutes: 30, category: null },
      updatedBy: commandId,
    });
    // The engine uses the new parameters at once: two reports now make a burst.
    const civic = (await signInNewUser(t, 'Civic_Reporter')).client;
    const crowd = (lon: number) =>
      civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'unrest',
        description: 'Crowd',
        location: { lat: 5, lon },
      });
    expect((await crowd(20)).statusCode).toBe(201);
    expect(await alertsOf('report.burst')).toEqual([]);
    expect((await crowd(20.001)).statusCode).toBe(201);
    expect(await alertsOf('report.burst')).toMatchObject([{ occurrences: 1 }]);

    await command.request('PATCH', '/rules/report.keywords', { enabled: false });
    await civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'other',
      description: 'I heard shots',
      location: { lat: 40, lon: 40 },
    });
    expect(await alertsOf('report.keywords')).toEqual([]);
    await command.request('PATCH', '/rules/report.keywords', { enabled: true });
    await civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'other',
      description: 'A man with a weapon',
      location: { lat: 41, lon: 41 },
    });
    expect(await alertsOf('report.keywords')).toMatchObject([{ severity: 'critical' }]);
  });

  it('raises a silence alert for an assigned unit on the timer, and resolves it when the unit is heard from', async () => {
    const unit = await createUnit();
    await move(unit.id, 1, 1);
    const incident = (
      await command.request('POST', '/incidents', {
        title: 'Fire',
        category: 'fire',
        severity: 'high',
        description: '',
        location: { lat: 1, lon: 1 },
      })
    ).json().incident;
    expect((await command.request('POST', `/incidents/${incident.id}/dispatch`, { unitIds: [unit.id] })).statusCode).toBe(201);
    await t.services.threatEngine.idle();
    t.clock.advance(11 * 60_000);
    await t.services.threatEngine.tick();
    expect(await alertsOf('unit.silence')).toMatchObject([{ status: 'new', title: 'ALPHA-1 silent for 11 min' }]);
    await move(unit.id, 1.001, 1);
    expect(await alertsOf('unit.silence')).toMatchObject([{ status: 'resolved' }]);
  });
  it('raises a coverage alert when a patrol zone has had no available patrol unit for the rule’s minutes, as command set it', async () => {
    await insertZone(t.services, commandId, { lon: 30, lat: 30, size: 1, riskLevel: 'low', kind: 'patrol', name: 'North beat' });
    const edited = await command.request('PATCH', '/rules/zone.coverage', { params: { minutes: 5 } });
    expect(edited.json().rule.params).toEqual({ zoneKinds: ['patrol'], unitKinds: ['patrol'], minutes: 5 });
    expect((await command.request('PATCH', '/rules/zone.coverage', { params: { unitKinds: ['tank'] } })).json().error.message).toContain(
      'unitKinds are patrol',
    );
    const unit = await createUnit();
    await move(unit.id, 30.5, 30.5);
    await t.services.threatEngine.tick();
    t.clock.advance(6 * 60_000);
    await t.services.threatEngine.tick();
    expect(await alertsOf('zone.coverage')).toEqual([]);

    // The only patrol unit goes out of service: the gap starts at the next tick.
    await crew.request('POST', `/units/${unit.id}/status`, { clientId: randomUUID(), status: 'out_of_service' });
    await t.services.threatEngine.idle();
    await t.services.threatEngine.tick();
    t.clock.advance(6 * 60_000);
    await t.services.threatEngine.tick();
    const [alert] = await alertsOf('zone.coverage');
    expect(alert).toMatchObject({ status: 'new', detail: 'North beat has had no available patrol unit inside it for 6 minutes.' });
    expect(alert!.sources).toEqual([expect.objectContaining({ kind: 'zone', name: 'North beat' })]);

    await crew.request('POST', `/units/${unit.id}/status`, { clientId: randomUUID(), status: 'available' });
    await t.services.threatEngine.idle();
    await t.services.threatEngine.tick();
    expect(await alertsOf('zone.coverage')).toMatchObject([{ status: 'resolved' }]);
  });
});
