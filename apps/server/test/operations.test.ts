import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { addOtherCrew, setUpCrewedIncident } from './crewed-incident';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

/**
 * The operational routes around units and incidents: assignments as the crew sees them,
 * messages, SOS and alerts, the home page's counts, and the events each change announces.
 */
describe.each(TEST_DIALECTS)('operations on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let outsider: Client;
  let civic: Client;
  let unitId: string;
  let otherUnitId: string;
  let incidentId: string;
  let published: OperationalEvent[];

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    published = [];
    t.services.events.listen((event) => published.push(event));
    ({ command, crew, unitId, incidentId } = await setUpCrewedIncident(t, { crewName: 'Frankie Field', incident: { location: HERE } }));
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
    ({ outsider, otherUnitId } = await addOtherCrew(t, command));
    civic = (await signInNewUser(t, 'Civic_Reporter')).client;
  });
  afterEach(() => t.close());

  describe('assignments', () => {
    it('shows a crew its own units’ assignments with the incident, and command all of them', async () => {
      await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId, otherUnitId] });
      const mine = (await crew.request('GET', '/dispatches')).json().assignments;
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        unitId,
        callsign: 'ENGINE-7',
        status: 'assigned',
        incident: { id: incidentId, title: 'Warehouse fire', location: HERE },
      });
      expect((await command.request('GET', `/dispatches?incidentId=${incidentId}`)).json().assignments).toHaveLength(2);
      expect((await civic.request('GET', '/dispatches')).statusCode).toBe(403);

      await crew.request('POST', `/dispatches/${mine[0].id}/status`, { clientId: randomUUID(), status: 'cancelled' });
      expect((await crew.request('GET', '/dispatches')).json().assignments).toHaveLength(0);
      expect((await crew.request('GET', '/dispatches?active=false')).json().assignments[0].status).toBe('cancelled');
      expect((await crew.request('GET', '/dispatches?active=maybe')).statusCode).toBe(400);
    });

    it('announces the assignment to the unit’s channel and the incident’s', async () => {
      await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] });
      const created = published.find((event) => event.type === 'dispatch.created')!;
      expect(created.channels).toEqual(['incidents', `incident:${incidentId}`, `unit:${unitId}`]);
      expect(published.filter((event) => event.type === 'incident.timeline').length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('messages', () => {
    it('lets command broadcast to every unit, once per clientId, and nobody else broadcast', async () => {
      const clientId = randomUUID();
      const sent = await command.request('POST', '/messages', {
        clientId,
        channel: 'broadcast',
        body: 'All units: road closed at the bridge',
      });
      expect(sent.statusCode).toBe(201);
      expect(
        (await command.request('POST', '/messages', { clientId, channel: 'broadcast', body: 'All units: road closed at the bridge' }))
          .statusCode,
      ).toBe(200);
      const seen = (await crew.request('GET', '/messages?channel=broadcast')).json().messages;
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ channel: 'broadcast', targetId: null, body: 'All units: road closed at the bridge' });
      expect(published.filter((event) => event.type === 'message.created')).toHaveLength(1);

      expect((await crew.request('POST', '/messages', { clientId: randomUUID(), channel: 'broadcast', body: 'hi' })).statusCode).toBe(403);
      expect((await civic.request('GET', '/messages?channel=broadcast')).statusCode).toBe(403);
      expect(
        (await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'broadcast', targetId: unitId, body: 'x' })).json()
          .error.message,
      ).toContain('A broadcast has no targetId');
      expect((await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'broadcast', body: '   ' })).statusCode).toBe(
        400,
      );
    });

    it('keeps a unit’s conversation between command and that unit’s crew', async () => {
      await crew.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: unitId, body: 'On our way' });
      t.clock.advance(1_000);
      await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: unitId, body: 'Copy' });
      const conversation = (await crew.request('GET', `/messages?channel=unit&targetId=${unitId}`)).json().messages;
      expect(conversation.map((message: { body: string }) => message.body)).toEqual(['Copy', 'On our way']);
      expect(conversation[1].senderName).toBe('Frankie Field');
      expect((await outsider.request('GET', `/messages?channel=unit&targetId=${unitId}`)).statusCode).toBe(403);
      expect(
        (await outsider.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: unitId, body: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: 'no-such', body: 'x' }))
          .statusCode,
      ).toBe(404);
      const event = published.find((candidate) => candidate.type === 'message.created')!;
      expect(event.channels).toEqual([`unit:${unitId}`, 'units']);
    });

    it('opens an incident’s conversation to the crews assigned to it', async () => {
      expect(
        (await crew.request('POST', '/messages', { clientId: randomUUID(), channel: 'incident', targetId: incidentId, body: 'x' }))
          .statusCode,
      ).toBe(403);
      await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] });
      expect(
        (
          await crew.request('POST', '/messages', {
            clientId: randomUUID(),
            channel: 'incident',
            targetId: incidentId,
            body: 'Smoke from the roof',
          })
        ).statusCode,
      ).toBe(201);
      expect((await analyst.request('GET', `/messages?channel=incident&targetId=${incidentId}`)).json().messages).toHaveLength(1);
    });
  });

  describe('SOS and alerts', () => {
    it('puts the unit in a sticky emergency with one critical alert until command clears it', async () => {
      const sos = await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), location: HERE });
      expect(sos.statusCode).toBe(200);
      expect(sos.json().unit.emergency).toMatchObject({ since: t.clock.now(), raisedBy: 'Frankie Field', location: HERE });
      t.clock.advance(5_000);
      await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID() });
      const alerts = (await command.request('GET', '/alerts')).json().alerts;
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        rule: 'unit.sos',
        severity: 'critical',
        title: 'SOS: ENGINE-7',
        status: 'new',
        location: HERE,
        public: false,
      });
      // Named as people know them, not by id (the crew member who pressed it, the unit's callsign).
      expect(alerts[0].sources).toContainEqual({ kind: 'unit', id: unitId, name: 'ENGINE-7' });
      expect(alerts[0].sources).toContainEqual(expect.objectContaining({ kind: 'user', name: expect.any(String) }));
      expect((await crew.request('GET', '/units')).json().units[0].emergency.since).toBe(sos.json().unit.emergency.since);
      expect((await outsider.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID() })).statusCode).toBe(403);
      expect((await crew.request('POST', `/units/${unitId}/sos/clear`)).statusCode).toBe(403);

      expect((await analyst.request('POST', `/alerts/${alerts[0].id}/acknowledge`)).json().alert).toMatchObject({
        status: 'acknowledged',
        acknowledgedAt: t.clock.now(),
      });
      expect((await analyst.request('POST', `/alerts/${alerts[0].id}/acknowledge`)).statusCode).toBe(409);
      expect((await command.request('POST', `/units/${unitId}/sos/clear`)).json().unit.emergency).toBeNull();
      expect((await command.request('GET', '/alerts')).json().alerts[0].status).toBe('resolved');
      expect(published.filter((event) => event.type.startsWith('alert.')).map((event) => event.type)).toEqual([
        'alert.created',
        'alert.updated',
        'alert.updated',
        'alert.updated',
      ]);
    });

    it('lists alerts newest first, filtered by status, severity, rule and time, and paged', async () => {
      const made: string[] = [];
      for (const severity of ['info', 'warning', 'critical', 'warning']) {
        t.clock.advance(1_000);
        made.push(
          (await command.request('POST', '/alerts', { title: `Notice ${severity}`, severity, location: HERE, radiusM: 500 })).json().alert
            .id,
        );
      }
      await command.request('POST', `/alerts/${made[0]}/acknowledge`);
      const ids = async (query: string) =>
        (await analyst.request('GET', `/alerts?${query}`)).json().alerts.map((alert: { id: string }) => alert.id);
      expect(await ids('severity=warning')).toEqual([made[3], made[1]]);
      expect(await ids('status=acknowledged')).toEqual([made[0]]);
      expect(await ids('status=new,acknowledged&rule=public.notice')).toHaveLength(4);
      expect(await ids(`from=${t.clock.now() - 1_500}`)).toEqual([made[3], made[2]]);
      const first = (await analyst.request('GET', '/alerts?limit=3')).json();
      expect(first.alerts).toHaveLength(3);
      expect((await analyst.request('GET', `/alerts?limit=3&cursor=${first.nextCursor}`)).json()).toMatchObject({
        alerts: [{ id: made[0] }],
        nextCursor: null,
      });
      expect((await analyst.request('GET', '/alerts?severity=loud')).statusCode).toBe(400);
    });

    it('publishes public alerts to everyone near the area, and dismisses only with a verdict', async () => {
      const published = await command.request('POST', '/alerts', {
        title: 'Gas leak: avoid the area',
        detail: 'Stay indoors',
        severity: 'warning',
        location: HERE,
        radiusM: 1000,
      });
      expect(published.statusCode).toBe(201);
      const alert = published.json().alert;
      expect(alert).toMatchObject({ public: true, radiusM: 1000, rule: 'public.notice' });
      expect((await civic.request('GET', `/alerts/public?lat=${HERE.lat + 0.01}&lon=${HERE.lon}`)).json().alerts).toHaveLength(1);
      expect((await civic.request('GET', '/alerts/public?lat=48.85&lon=2.35')).json().alerts).toHaveLength(0);
      expect((await civic.request('GET', '/alerts/public')).json().alerts).toHaveLength(1);
      // The public reads what, where and when; who published it and how staff handle it stay inside.
      const [shown] = (await t.app.inject({ method: 'GET', url: '/alerts/public' })).json().alerts;
      expect(Object.keys(shown).sort()).toEqual(['createdAt', 'detail', 'id', 'location', 'radiusM', 'severity', 'title', 'updatedAt']);
      expect((await civic.request('GET', '/alerts/public?lat=10')).statusCode).toBe(400);
      expect((await civic.request('GET', '/alerts')).statusCode).toBe(403);
      expect((await analyst.request('POST', '/alerts', { title: 'x', severity: 'info', location: HERE, radiusM: 100 })).statusCode).toBe(
        403,
      );
      expect((await command.request('POST', `/alerts/${alert.id}/dismiss`, {})).statusCode).toBe(400);
      expect((await command.request('POST', `/alerts/${alert.id}/dismiss`, { verdict: 'Leak fixed' })).json().alert.status).toBe(
        'dismissed',
      );
      expect((await civic.request('GET', '/alerts/public')).json().alerts).toHaveLength(0);
    });
  });

  it('counts open incidents, units, reports awaiting triage and new alerts for the home page', async () => {
    await civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'fire',
      description: 'Smoke',
      location: HERE,
    });
    await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID() });
    const overview = (await analyst.request('GET', '/overview')).json();
    expect(overview).toEqual({
      openIncidents: { low: 0, medium: 0, high: 0, critical: 1 },
      unitsByStatus: { available: 2, dispatched: 0, en_route: 0, on_scene: 0, out_of_service: 0, offline: 0 },
      unitsInEmergency: 1,
      reportsAwaitingTriage: 1,
      unacknowledgedAlerts: 1,
    });
    expect((await crew.request('GET', '/overview')).statusCode).toBe(403);
  });
});

describe.each(TEST_DIALECTS)('civic self-registration on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const register = (host: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/auth/register', headers: { host }, payload: body });

  it('creates a Civic_Reporter who then signs in, on the civic site only, with the password policy', async () => {
    const body = { email: '  New.Reporter@Example.org ', full_name: 'Nia Reporter', password: 'Copper-Meadow-Lantern-48' };
    expect((await register('civic.localhost', body)).statusCode).toBe(202);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'new.reporter@example.org', password: body.password },
    });
    expect(signedIn.json().user).toMatchObject({ email: 'new.reporter@example.org', role: 'Civic_Reporter', is_active: true });
    expect((await register('reporter.localhost', { ...body, email: 'second@example.org' })).statusCode).toBe(202);

    // A taken address is answered like a free one (auth.register.test.ts).
    expect((await register('civic.localhost', body)).statusCode).toBe(202);
    const weak = await register('civic.localhost', { ...body, email: 'weak@example.org', password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    const elsewhere = await register('localhost', { ...body, email: 'main@example.org' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('Accounts can be created on the civic reporter site only.');
    expect((await register('civic.localhost', { email: 'x@example.org' })).statusCode).toBe(400);
  });
});
