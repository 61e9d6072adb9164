import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import { TEST_DIALECTS } from './databases';
import { pngOfSize } from './evidence-fixtures';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

const HERE = { lat: 48.85, lon: 2.35 };

/**
 * A field unit files evidence only under the incidents its unit is assigned to, and cannot tell an
 * incident it may not file under from one that does not exist: both answer the same 404.
 */
describe.each(TEST_DIALECTS)('evidence filed under an incident on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: Client;
  let analyst: Client;
  let assignedId: string;
  let otherId: string;
  let dispatchId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = (await signInNewUser(t, 'Command_Admin')).client;
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
    const member = await signInNewUser(t, 'Field_Unit');
    crew = member.client;
    const unitId = (await command.request('POST', '/units', { callsign: 'ENGINE-7', kind: 'fire', members: [member.user.id] })).json().unit
      .id;
    const incident = (title: string) =>
      command.request('POST', '/incidents', { title, category: 'fire', severity: 'high', location: HERE });
    assignedId = (await incident('Warehouse fire')).json().incident.id;
    otherId = (await incident('Bank alarm')).json().incident.id;
    dispatchId = (await command.request('POST', `/incidents/${assignedId}/dispatch`, { unitIds: [unitId] })).json().dispatches[0].id;
  });
  afterEach(() => t.close());

  const upload = (client: Client, incidentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/evidence?filename=scene.png&incidentId=${encodeURIComponent(incidentId)}`,
      cookies: { [SESSION_COOKIE]: client.cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: client.csrf },
      headers: { [CSRF_HEADER]: client.csrf, 'content-type': 'application/octet-stream' },
      payload: pngOfSize(2000),
    });
  const stored = () => t.services.db.kysely.selectFrom('evidence_items').select(['incident_id']).execute();

  it('files a crew’s evidence under its assigned incident', async () => {
    const response = await upload(crew, assignedId);
    expect(response.statusCode).toBe(201);
    expect(response.json().item.incidentId).toBe(assignedId);
  });

  it('answers an incident the unit is not assigned to exactly as one that does not exist, and keeps nothing', async () => {
    const forbidden = await upload(crew, otherId);
    const unknown = await upload(crew, randomUUID());
    expect(forbidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(forbidden.body).toBe(unknown.body);
    expect(forbidden.json().error.code).toBe('not_found');
    expect(await stored()).toEqual([]);
  });

  it('stops filing under an incident once the unit’s assignment is over', async () => {
    for (const status of ['acknowledged', 'en_route', 'on_scene', 'cleared']) {
      expect((await crew.request('POST', `/dispatches/${dispatchId}/status`, { clientId: randomUUID(), status })).statusCode).toBe(200);
    }
    expect((await upload(crew, assignedId)).statusCode).toBe(404);
  });

  it('lets command and analysts file under any incident, and tells them when it does not exist', async () => {
    expect((await upload(command, otherId)).statusCode).toBe(201);
    expect((await upload(analyst, assignedId)).statusCode).toBe(201);
    expect((await upload(command, randomUUID())).statusCode).toBe(404);
  });
});
