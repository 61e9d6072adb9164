import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, signInNewUser, type Client, type TestApp } from './support';

const HARBOUR = { lat: 51.5072, lon: -0.1276, accuracy: 15 };

describe.each(TEST_DIALECTS)('incidents on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let commandId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({
      user: { id: commandId },
      client: command,
    } = await signInNewUser(t, 'Command_Admin'));
  });
  afterEach(() => t.close());

  const open = (overrides: Record<string, unknown> = {}) =>
    command.request('POST', '/incidents', {
      title: 'Fire at the harbour',
      category: 'fire',
      severity: 'high',
      location: HARBOUR,
      description: 'Smoke seen from pier 4',
      ...overrides,
    });

  it('opens an incident with a reference number and a first timeline entry', async () => {
    const first = await open();
    expect(first.statusCode).toBe(201);
    const incident = first.json().incident;
    expect(incident).toMatchObject({ status: 'new', severity: 'high', location: HARBOUR, createdBy: commandId });
    expect(incident.reference).toMatch(/^INC-\d{4}-000001$/);
    expect((await open()).json().incident.reference).toMatch(/-000002$/);
    const timeline = (await command.request('GET', `/incidents/${incident.id}/timeline`)).json().entries;
    expect(timeline).toEqual([expect.objectContaining({ kind: 'incident.created', actor: commandId })]);
  });

  it('refuses bad input with messages that name the field', async () => {
    const bad = await open({ severity: 'apocalyptic', location: { lat: 95, lon: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('severity must be low, medium, high or critical.');
    expect(bad.json().error.message).toContain('lat must be between -90 and 90.');
    expect((await command.request('GET', '/incidents')).json().incidents).toEqual([]);
  });

  it('moves along the lifecycle only, naming the allowed moves, and records each move', async () => {
    const { id } = (await open()).json().incident;
    expect((await command.request('PATCH', `/incidents/${id}`, { status: 'on_scene' })).json().error).toMatchObject({
      code: 'conflict',
      message: 'An incident that is new can move to triaged, dispatched, resolved, closed, not on_scene.',
    });
    for (const status of ['triaged', 'dispatched', 'on_scene', 'resolved', 'closed']) {
      const disposition = status === 'resolved' ? { code: 'resolved_by_unit', summary: 'Put out by the first engine.' } : undefined;
      const moved = await command.request('PATCH', `/incidents/${id}`, { status, disposition });
      expect(moved.statusCode).toBe(200);
      t.clock.advance(1000);
    }
    const final = await command.request('PATCH', `/incidents/${id}`, { status: 'triaged' });
    expect(final.statusCode).toBe(409);
    expect(final.json().error.message).toBe('An incident that is closed cannot change status.');
    const kinds = (await command.request('GET', `/incidents/${id}/timeline`))
      .json()
      .entries.map((entry: { kind: string; detail: { to?: string } }) => entry.detail.to ?? entry.kind);
    expect(kinds).toEqual(['incident.created', 'triaged', 'dispatched', 'on_scene', 'resolved', 'incident.disposition', 'closed']);
  });

  it('records edits with what they were before', async () => {
    const { id } = (await open()).json().incident;
    const edited = await command.request('PATCH', `/incidents/${id}`, { severity: 'critical', title: 'Fire spreading at the harbour' });
    expect(edited.json().incident).toMatchObject({ severity: 'critical', title: 'Fire spreading at the harbour', status: 'new' });
    const last = (await command.request('GET', `/incidents/${id}/timeline`)).json().entries.at(-1);
    expect(last).toMatchObject({ kind: 'incident.edited', detail: { severity: { from: 'high', to: 'critical' } } });
    expect((await command.request('PATCH', `/incidents/${id}`, {})).statusCode).toBe(400);
    expect((await command.request('PATCH', '/incidents/no-such-id', { severity: 'low' })).statusCode).toBe(404);
  });

  it('filters by status, severity, category, time and bounding box, and pages with a cursor', async () => {
    await open({ category: 'flood', severity: 'low', location: { lat: -33.87, lon: 151.21 } });
    t.clock.advance(1000);
    const middle = (await open({ severity: 'critical', location: { lat: 64.1, lon: -21.9 } })).json().incident;
    t.clock.advance(1000);
    await open({ location: { lat: -17.7, lon: 178.1 } });
    await command.request('PATCH', `/incidents/${middle.id}`, { status: 'triaged' });

    const list = async (query: string) => (await command.request('GET', `/incidents?${query}`)).json();
    expect((await list('status=triaged')).incidents.map((row: { id: string }) => row.id)).toEqual([middle.id]);
    expect((await list('severity=low,critical')).incidents).toHaveLength(2);
    expect((await list('category=flood')).incidents).toHaveLength(1);
    expect((await list(`from=${middle.createdAt}`)).incidents).toHaveLength(2);
    expect((await list('bbox=50,-30,70,0')).incidents.map((row: { id: string }) => row.id)).toEqual([middle.id]);
    // Across the antimeridian: from 170°E to 170°W.
    expect((await list('bbox=-20,170,-10,-170')).incidents).toHaveLength(1);

    const first = await list('limit=2');
    expect(first.incidents).toHaveLength(2);
    const second = await list(`limit=2&cursor=${first.nextCursor}`);
    expect(second.incidents).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect((await command.request('GET', '/incidents?bbox=1,2,3')).statusCode).toBe(400);
    expect((await command.request('GET', '/incidents?cursor=forged')).statusCode).toBe(400);
    expect((await command.request('GET', '/incidents?status=burning')).statusCode).toBe(400);
  });

  it('lets analysts work incidents and refuses field units and civic reporters', async () => {
    const analyst = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const analystClient = await signIn(t.app, analyst.email);
    expect(
      (
        await analystClient.request('POST', '/incidents', {
          title: 'Drone sighting',
          category: 'airspace',
          severity: 'medium',
          location: HARBOUR,
        })
      ).statusCode,
    ).toBe(201);
    for (const role of ['Field_Unit', 'Civic_Reporter'] as const) {
      const user = await createUser(t.services, { role });
      const client = await signIn(t.app, user.email);
      expect((await client.request('GET', '/incidents')).statusCode).toBe(403);
    }
  });
});
