import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG } from './evidence-fixtures';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

interface Entry {
  id: string;
  at: number;
  kind: string;
  actor: string | null;
  actorName?: string | null;
  detail: Record<string, unknown>;
}

/**
 * One incident's whole timeline (docs/decisions/0014-one-incident-timeline.md): changes and
 * milestones with reports at the time they were made, messages, analyst notes, alerts that name
 * the incident, its reports or its units, and evidence, in the order things happened.
 */
describe.each(TEST_DIALECTS)('incident timeline on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let civic: Client;
  let crewUser: Awaited<ReturnType<typeof createUser>>;
  let unitId: string;
  let otherUnitId: string;
  let otherCrew: Client;
  let incidentId: string;
  let reference: string;

  const timeline = async (client: Client = command) => {
    const response = await client.request('GET', `/incidents/${incidentId}/timeline`);
    expect(response.statusCode).toBe(200);
    return response.json().entries as Entry[];
  };
  const send = (client: Client, body: string, channel = 'incident', targetId = incidentId) =>
    client.request('POST', '/messages', { clientId: randomUUID(), channel, targetId, body });
  const upload = (client: Client, filename: string, incident = incidentId) =>
    client.request('POST', `/evidence?filename=${encodeURIComponent(filename)}&incidentId=${incident}`, PNG, {
      'content-type': 'application/octet-stream',
    });

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Casey Command' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst', full_name: 'Avery Analyst' })).email);
    crewUser = await createUser(t.services, { role: 'Field_Unit', full_name: 'Frankie Field' });
    crew = await signIn(t.app, crewUser.email);
    const stranger = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Stranger' });
    otherCrew = await signIn(t.app, stranger.email);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    unitId = (await command.request('POST', '/units', { callsign: 'ENGINE-7', kind: 'fire', members: [crewUser.id] })).json().unit.id;
    otherUnitId = (await command.request('POST', '/units', { callsign: 'MEDIC-3', kind: 'medical', members: [stranger.id] })).json().unit
      .id;
    const incident = (
      await command.request('POST', '/incidents', { title: 'Warehouse fire', category: 'fire', severity: 'high', location: HERE })
    ).json().incident;
    incidentId = incident.id;
    reference = incident.reference;
  });
  afterEach(() => t.close());

  it('holds every kind of entry in the order things happened, named rather than by id', async () => {
    t.clock.advance(1_000);
    await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] });
    t.clock.advance(1_000);
    await send(command, 'Approach from the north');
    t.clock.advance(1_000);
    await send(analyst, 'Smoke is toxic: keep upwind');
    t.clock.advance(1_000);
    await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), location: HERE });
    t.clock.advance(1_000);
    await command.request('POST', '/alerts', {
      title: 'Keep away from the warehouse',
      severity: 'warning',
      location: HERE,
      radiusM: 500,
      incidentId,
    });
    t.clock.advance(1_000);
    expect((await upload(crew, 'front door.png')).statusCode).toBe(201);

    const entries = await timeline();
    expect(entries.map((entry) => entry.kind)).toEqual([
      'incident.created',
      'dispatch.assigned',
      'incident.status',
      'message.sent',
      'note.added',
      'alert.raised',
      'alert.raised',
      'evidence.added',
    ]);
    expect(entries[0]).toMatchObject({ actorName: 'Casey Command' });
    expect(entries[3]).toMatchObject({ actorName: 'Casey Command', detail: { body: 'Approach from the north', by: 'Casey Command' } });
    expect(entries[4]).toMatchObject({ detail: { body: 'Smoke is toxic: keep upwind', by: 'Avery Analyst' } });
    expect(entries[5]).toMatchObject({ detail: { rule: 'unit.sos', title: 'SOS: ENGINE-7', names: ['ENGINE-7', 'Frankie Field'] } });
    expect(entries[6]).toMatchObject({ detail: { title: 'Keep away from the warehouse', names: ['Casey Command', reference] } });
    expect(entries[7]).toMatchObject({
      actorName: 'Frankie Field',
      detail: { filename: 'front door.png', mime: 'image/png', evidenceKind: 'photo', by: 'Frankie Field' },
    });
    // The evidence item is one entry, not also its "linked" record.
    expect(entries.filter((entry) => entry.kind.startsWith('evidence.'))).toHaveLength(1);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  it('places reports at the time they were filed, before the verdict that linked them', async () => {
    t.clock.advance(1_000);
    const report = (
      await civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'fire',
        description: 'Smoke from the warehouse roof',
        location: HERE,
      })
    ).json().report;
    t.clock.advance(60_000);
    await send(command, 'Crews on the way');
    t.clock.advance(60_000);
    expect((await analyst.request('POST', `/reports/${report.id}/verify`, { incidentId })).statusCode).toBe(200);

    const entries = await timeline();
    expect(entries.map((entry) => entry.kind)).toEqual(['incident.created', 'report.filed', 'message.sent', 'report.verified']);
    expect(entries[1]).toMatchObject({
      at: report.createdAt,
      actor: null,
      detail: { trackingCode: report.trackingCode, category: 'fire', excerpt: 'Smoke from the warehouse roof' },
    });
  });

  it('keeps out alerts about other units, and a unit’s alerts from before or after its assignment', async () => {
    await otherCrew.request('POST', `/units/${otherUnitId}/sos`, { clientId: randomUUID(), location: HERE });
    await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), location: HERE });
    await command.request('POST', `/units/${unitId}/sos/clear`);
    t.clock.advance(1_000);
    const [dispatch] = (await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).json().dispatches;
    t.clock.advance(1_000);
    await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), location: HERE });
    await command.request('POST', `/units/${unitId}/sos/clear`);
    t.clock.advance(1_000);
    expect((await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: 'Not needed' })).statusCode).toBe(200);
    t.clock.advance(1_000);
    await crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), location: HERE });

    const alerts = (await timeline()).filter((entry) => entry.kind === 'alert.raised');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.at).toBeGreaterThan(dispatch.milestones.assigned);
  });

  it('holds the unit’s thread while it works the incident, and not before or after', async () => {
    await send(crew, 'Before the call', 'unit', unitId);
    t.clock.advance(1_000);
    const [dispatch] = (await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).json().dispatches;
    t.clock.advance(1_000);
    await send(crew, 'Smoke from the loading bay', 'unit', unitId);
    await send(command, 'Copy, hold the north side', 'unit', unitId);
    await send(otherCrew, 'Not about this fire', 'unit', otherUnitId);
    t.clock.advance(1_000);
    expect((await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: 'Not needed' })).statusCode).toBe(200);
    t.clock.advance(1_000);
    await send(crew, 'Back at the station', 'unit', unitId);

    const messages = (await timeline()).filter((entry) => entry.kind === 'message.sent');
    expect(messages.map((entry) => [entry.detail.body, entry.detail.by, entry.detail.unit])).toEqual([
      ['Smoke from the loading bay', 'Frankie Field', 'ENGINE-7'],
      ['Copy, hold the north side', 'Casey Command', 'ENGINE-7'],
    ]);
  });

  it('lets only operations staff read it, and evidence follows the evidence row rule', async () => {
    await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] });
    expect((await upload(crew, 'mine.png')).statusCode).toBe(201);
    expect((await upload(command, 'command.png')).statusCode).toBe(201);

    expect((await timeline(analyst)).filter((entry) => entry.kind === 'evidence.added')).toHaveLength(2);
    for (const client of [crew, otherCrew, civic]) {
      const refused = await client.request('GET', `/incidents/${incidentId}/timeline`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('mine.png');
    }
    // The assembly applies the evidence feature's rule itself: a viewer who does not review evidence sees only what they captured.
    const forCrew = await t.services.incidentTimeline.entries(incidentId, crewUser);
    expect(forCrew.filter((entry) => entry.kind === 'evidence.added').map((entry) => entry.detail.filename)).toEqual(['mine.png']);
  });

  it('answers 404 for an incident that does not exist, and a notice about one is refused without being published', async () => {
    expect((await command.request('GET', '/incidents/no-such/timeline')).statusCode).toBe(404);
    const refused = await command.request('POST', '/alerts', {
      title: 'Stay away',
      severity: 'info',
      location: HERE,
      radiusM: 500,
      incidentId: 'no-such',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('No such incident.');
    expect((await command.request('GET', '/alerts')).json().alerts).toHaveLength(0);
  });
});
