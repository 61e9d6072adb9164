import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpCrewedIncident } from './crewed-incident';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('dispatch on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: Client;
  let incidentId: string;
  let unitId: string;
  let spareId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({ command, crew, unitId, incidentId } = await setUpCrewedIncident(t));
    spareId = (await command.request('POST', '/units', { callsign: 'MEDIC-3', kind: 'medical' })).json().unit.id;
  });
  afterEach(() => t.close());

  const unitStatus = async (id: string) =>
    (await command.request('GET', '/units')).json().units.find((unit: { id: string }) => unit.id === id).status;

  it('assigns units, moving unit and incident together, with a time per milestone on the timeline', async () => {
    const assigned = await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId, spareId] });
    expect(assigned.statusCode).toBe(201);
    const [dispatch] = assigned.json().dispatches;
    expect(dispatch).toMatchObject({ status: 'assigned', unitId, milestones: { assigned: t.clock.now() } });
    expect(await unitStatus(unitId)).toBe('dispatched');
    expect((await command.request('GET', `/incidents/${incidentId}`)).json().incident.status).toBe('dispatched');

    for (const status of ['acknowledged', 'en_route', 'on_scene']) {
      t.clock.advance(60_000);
      expect((await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status })).statusCode).toBe(200);
    }
    expect(await unitStatus(unitId)).toBe('on_scene');
    expect((await command.request('GET', `/incidents/${incidentId}`)).json().incident.status).toBe('on_scene');
    t.clock.advance(60_000);
    const cleared = (await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status: 'cleared' })).json()
      .dispatch;
    expect(Object.keys(cleared.milestones)).toEqual(['assigned', 'acknowledged', 'en_route', 'on_scene', 'cleared']);
    expect(cleared.milestones.on_scene - cleared.milestones.assigned).toBe(180_000);
    expect(await unitStatus(unitId)).toBe('available');

    const kinds = (await command.request('GET', `/incidents/${incidentId}/timeline`))
      .json()
      .entries.map((entry: { kind: string }) => entry.kind);
    expect(kinds).toEqual([
      'incident.created',
      'dispatch.assigned',
      'dispatch.assigned',
      'incident.status',
      'dispatch.acknowledged',
      'dispatch.en_route',
      'dispatch.on_scene',
      'incident.status',
      'dispatch.cleared',
    ]);
  });

  it('refuses busy and unavailable units, illegal moves, other crews, and repeats nothing on retry', async () => {
    const [dispatch] = (await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).json().dispatches;
    const again = await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] });
    expect(again.json().error).toMatchObject({ code: 'conflict', message: 'ENGINE-7 is already assigned to an incident.' });
    await command.request('POST', `/units/${spareId}/status`, { clientId: randomUUID(), status: 'out_of_service' });
    expect((await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [spareId] })).json().error.message).toBe(
      'MEDIC-3 is out of service.',
    );

    expect(
      (await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status: 'cleared' })).json().error.message,
    ).toBe('An assignment that is assigned can move to acknowledged, en_route, cancelled, not cleared.');
    const outsider = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
    expect(
      (await outsider.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status: 'acknowledged' })).statusCode,
    ).toBe(403);

    const action = { clientId: randomUUID(), status: 'acknowledged' };
    expect((await crew.request('POST', `/dispatches/${dispatch.id}/status`, action)).json().dispatch.status).toBe('acknowledged');
    await crew.request('POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status: 'en_route' });
    // A late retry of the acknowledgement does not move the assignment back.
    expect((await crew.request('POST', `/dispatches/${dispatch.id}/status`, action)).json().dispatch.status).toBe('en_route');
    expect((await crew.request('POST', '/incidents/x/dispatch', { unitIds: [unitId] })).statusCode).toBe(403);
  });
});
