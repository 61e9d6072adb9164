import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { setUpCrewedIncident } from './crewed-incident';
import { buildTestApp, sendOver, signInNewUser, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

/** Managing an incident after it opens: edits by role and version, recall, reassignment, disposition. */
describe.each(TEST_DIALECTS)('incident management on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let incident: { id: string; reference: string; updatedAt: number };
  let unitId: string;

  const open = async (title: string) =>
    (await command.request('POST', '/incidents', { title, category: 'fire', severity: 'high', location: HERE })).json().incident;
  const get = async (id: string) => (await command.request('GET', `/incidents/${id}`)).json().incident;
  const timeline = async (id: string) => (await command.request('GET', `/incidents/${id}/timeline`)).json().entries;
  const unitStatus = async (id: string) =>
    (await command.request('GET', '/units')).json().units.find((unit: { id: string }) => unit.id === id).status;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({ command, crew, unitId, incident } = await setUpCrewedIncident(t, {
      commandName: 'Dana Dispatcher',
      incident: { severity: 'high', location: HERE },
    }));
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
  });
  afterEach(() => t.close());

  it('records who changed what, from and to, for every field command edits', async () => {
    t.clock.advance(1000);
    const edited = await command.request('PATCH', `/incidents/${incident.id}`, {
      title: 'Warehouse fire, two floors',
      description: 'Smoke from the loading bay.',
      category: 'hazmat',
      severity: 'critical',
      location: { lat: 51.51, lon: -0.13 },
      threatLevel: 'elevated',
      expectedUpdatedAt: incident.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().incident).toMatchObject({ severity: 'critical', category: 'hazmat', location: { lat: 51.51, lon: -0.13 } });
    expect(edited.json().incident.updatedAt).toBeGreaterThan(incident.updatedAt);
    const last = (await timeline(incident.id)).at(-1);
    expect(last).toMatchObject({
      kind: 'incident.edited',
      detail: {
        by: 'Dana Dispatcher',
        severity: { from: 'high', to: 'critical' },
        category: { from: 'fire', to: 'hazmat' },
        location: { from: { lat: 51.5, lon: -0.12 }, to: { lat: 51.51, lon: -0.13 } },
        threatLevel: { from: null, to: 'elevated' },
      },
    });
  });

  it('lets an analyst change the threat level only, and refuses the rest without changing anything', async () => {
    expect((await analyst.request('PATCH', `/incidents/${incident.id}`, { threatLevel: 'high' })).statusCode).toBe(200);
    const refused = await analyst.request('PATCH', `/incidents/${incident.id}`, { threatLevel: 'critical', severity: 'low' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role may change only the threatLevel of an incident.');
    const moved = await analyst.request('PATCH', `/incidents/${incident.id}`, { status: 'triaged' });
    expect(moved.statusCode).toBe(403);
    expect(await get(incident.id)).toMatchObject({ threatLevel: 'high', severity: 'high', status: 'new' });
    expect((await crew.request('PATCH', `/incidents/${incident.id}`, { threatLevel: 'low' })).statusCode).toBe(403);
  });

  it('refuses a save made on a stale version with 409, and keeps exactly one of two truly concurrent saves', async () => {
    const stale = incident.updatedAt;
    await command.request('PATCH', `/incidents/${incident.id}`, { severity: 'critical', expectedUpdatedAt: stale });
    const late = await command.request('PATCH', `/incidents/${incident.id}`, { severity: 'low', expectedUpdatedAt: stale });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This incident was changed by someone else since you opened it. Reload it and make your change again.',
    );

    // The clock is frozen, so the versions differ only because each save moves updatedAt forward.
    const version = (await get(incident.id)).updatedAt;
    const other = (await signInNewUser(t, 'Command_Admin')).client;
    // Over real connections, as two dispatchers' browsers would send them.
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const patch = async (client: Client, body: unknown) => {
      const answer = await sendOver(baseUrl, client, 'PATCH', `/incidents/${incident.id}`, body);
      return { statusCode: answer.status, json: (await answer.json()) as { incident: { title: string } } };
    };
    const titles = Array.from({ length: 8 }, (_, index) => `Edit ${index}`);
    const answers = await Promise.all(
      titles.map((title, index) => patch(index % 2 ? other : command, { title, expectedUpdatedAt: version })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json.incident.title;
    expect((await get(incident.id)).title).toBe(winner);
    expect((await timeline(incident.id)).filter((entry: { kind: string }) => entry.kind === 'incident.edited')).toHaveLength(2);
  });

  it('keeps both of two concurrent saves of different fields when no version is sent', async () => {
    const [severity, category] = await Promise.all([
      command.request('PATCH', `/incidents/${incident.id}`, { severity: 'critical' }),
      command.request('PATCH', `/incidents/${incident.id}`, { category: 'explosion' }),
    ]);
    expect([severity.statusCode, category.statusCode]).toEqual([200, 200]);
    expect(await get(incident.id)).toMatchObject({ severity: 'critical', category: 'explosion' });
  });

  it('recalls a unit with a reason: available again, the cancelled milestone timed, the crew told', async () => {
    const [dispatch] = (await command.request('POST', `/incidents/${incident.id}/dispatch`, { unitIds: [unitId] })).json().dispatches;
    const noReason = await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('Give a reason for the recall.');
    t.clock.advance(90_000);
    const recalled = await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: 'Fire out before arrival' });
    expect(recalled.statusCode).toBe(200);
    expect(recalled.json().dispatch).toMatchObject({ status: 'cancelled', cancelReason: 'Fire out before arrival' });
    expect(recalled.json().dispatch.milestones.cancelled - recalled.json().dispatch.milestones.assigned).toBe(90_000);
    expect(await unitStatus(unitId)).toBe('available');
    const seen = (await crew.request('GET', '/dispatches?active=false')).json().assignments;
    expect(seen).toMatchObject([{ id: dispatch.id, status: 'cancelled', cancelReason: 'Fire out before arrival' }]);
    expect((await timeline(incident.id)).at(-1)).toMatchObject({
      kind: 'dispatch.cancelled',
      detail: { callsign: 'ENGINE-7', reason: 'Fire out before arrival', by: 'Dana Dispatcher' },
    });
    const again = await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('ENGINE-7’s assignment is already cancelled; there is nothing to recall.');
    expect((await command.request('POST', `/dispatches/no-such/cancel`, { reason: 'x' })).statusCode).toBe(404);
  });

  it('recalls a unit already on scene, which its crew’s milestone buttons cannot cancel', async () => {
    const [dispatch] = (await command.request('POST', `/incidents/${incident.id}/dispatch`, { unitIds: [unitId] })).json().dispatches;
    for (const status of ['en_route', 'on_scene']) {
      await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status });
    }
    const viaStatus = await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status: 'cancelled' });
    expect(viaStatus.statusCode).toBe(409);
    const recalled = await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: 'Needed at a larger fire' });
    expect(recalled.json().dispatch).toMatchObject({ status: 'cancelled' });
    expect(Object.keys(recalled.json().dispatch.milestones)).toEqual(['assigned', 'en_route', 'on_scene', 'cancelled']);
    expect(await unitStatus(unitId)).toBe('available');
  });

  it('lets a crew cancel only its own unit’s assignment', async () => {
    const spare = (await command.request('POST', '/units', { callsign: 'MEDIC-3', kind: 'medical' })).json().unit.id;
    const dispatches = (await command.request('POST', `/incidents/${incident.id}/dispatch`, { unitIds: [unitId, spare] })).json()
      .dispatches;
    const theirs = dispatches.find((row: { unitId: string }) => row.unitId === spare);
    const refused = await crew.request('POST', `/dispatches/${theirs.id}/cancel`, { reason: 'Not ours' });
    expect(refused.statusCode).toBe(403);
    expect(await unitStatus(spare)).toBe('dispatched');
    const ours = dispatches.find((row: { unitId: string }) => row.unitId === unitId);
    expect((await crew.request('POST', `/dispatches/${ours.id}/cancel`, { reason: 'Vehicle breakdown' })).statusCode).toBe(200);
    expect((await crew.request('POST', `/dispatches/${ours.id}/reassign`, { incidentId: incident.id })).statusCode).toBe(403);
  });

  it('reassigns a unit to another incident in one step, or changes nothing when it cannot', async () => {
    const second = await open('Car fire on the ring road');
    const [dispatch] = (await command.request('POST', `/incidents/${incident.id}/dispatch`, { unitIds: [unitId] })).json().dispatches;
    await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status: 'en_route' });
    expect((await command.request('POST', `/dispatches/${dispatch.id}/reassign`, { incidentId: 'nowhere' })).statusCode).toBe(404);
    expect((await command.request('POST', `/dispatches/${dispatch.id}/reassign`, { incidentId: incident.id })).statusCode).toBe(409);
    expect((await command.request('POST', `/dispatches/${dispatch.id}/reassign`, {})).statusCode).toBe(400);
    expect((await crew.request('GET', '/dispatches')).json().assignments).toMatchObject([{ id: dispatch.id, status: 'en_route' }]);

    const moved = await command.request('POST', `/dispatches/${dispatch.id}/reassign`, { incidentId: second.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().cancelled).toMatchObject({ status: 'cancelled', cancelReason: `Reassigned to ${second.reference}` });
    expect(moved.json().dispatch).toMatchObject({ status: 'assigned', incidentId: second.id, unitId });
    expect(await unitStatus(unitId)).toBe('dispatched');
    expect((await get(second.id)).status).toBe('dispatched');
    expect((await crew.request('GET', '/dispatches')).json().assignments).toMatchObject([{ incidentId: second.id }]);
    expect((await timeline(second.id)).map((entry: { kind: string }) => entry.kind)).toEqual([
      'incident.created',
      'dispatch.assigned',
      'incident.status',
    ]);
  });

  it('resolves and closes only with a disposition, shows it, and clears it on reopening', async () => {
    const bare = await command.request('PATCH', `/incidents/${incident.id}`, { status: 'resolved' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe('To resolve an incident, give its disposition: an outcome code and a summary.');
    const badCode = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'resolved',
      disposition: { code: 'vanished', summary: 'x' },
    });
    expect(badCode.statusCode).toBe(400);
    expect((await get(incident.id)).status).toBe('new');
    const early = await command.request('PATCH', `/incidents/${incident.id}`, { disposition: { code: 'false_alarm', summary: 'x' } });
    expect(early.statusCode).toBe(409);

    const resolved = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'resolved',
      disposition: { code: 'false_alarm', summary: 'Steam from a vent, no fire.' },
    });
    expect(resolved.json().incident.disposition).toMatchObject({
      code: 'false_alarm',
      summary: 'Steam from a vent, no fire.',
      by: 'Dana Dispatcher',
    });
    expect((await timeline(incident.id)).at(-1)).toMatchObject({
      kind: 'incident.disposition',
      detail: { code: 'false_alarm', summary: 'Steam from a vent, no fire.' },
    });
    const reopened = await command.request('PATCH', `/incidents/${incident.id}`, { status: 'triaged' });
    expect(reopened.json().incident).toMatchObject({ status: 'triaged', disposition: null });
    const closed = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'closed',
      disposition: { code: 'duplicate', summary: 'Same fire as the earlier call.' },
    });
    expect(closed.json().incident).toMatchObject({ status: 'closed', disposition: { code: 'duplicate' } });
    const edit = await command.request('PATCH', `/incidents/${incident.id}`, { title: 'Too late' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('A closed incident cannot be edited.');
  });

  it('keeps the recorded disposition when an incident is closed with the same one its close form sends back', async () => {
    const resolved = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'resolved',
      disposition: { code: 'false_alarm', summary: 'Steam from a vent, no fire.' },
    });
    const resolvedAt = resolved.json().incident.disposition.at;
    const closed = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'closed',
      disposition: { code: 'false_alarm', summary: 'Steam from a vent, no fire.', publicNote: '' },
    });
    expect(closed.json().incident).toMatchObject({ status: 'closed', disposition: { code: 'false_alarm', at: resolvedAt } });
    const entries: { kind: string }[] = await timeline(incident.id);
    expect(entries.filter((entry) => entry.kind === 'incident.disposition')).toHaveLength(1);
    expect(entries.at(-1)).toMatchObject({ kind: 'incident.status', detail: { from: 'resolved', to: 'closed' } });
  });
});
