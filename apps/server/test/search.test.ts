import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

describe.each(TEST_DIALECTS)('full-text search on %s', (dialect) => {
  let t: TestApp;
  let analyst: Client;
  let civic: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst', full_name: 'Avery Analyst' })).email);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
  });
  afterEach(() => t.close());

  const search = async (query: string) => (await analyst.request('GET', `/search?q=${encodeURIComponent(query)}`)).json();

  it('finds incidents, reports and messages by words and word beginnings, kept current as they change', async () => {
    const incident = (
      await analyst.request('POST', '/incidents', {
        title: 'Warehouse fire on Dock Road',
        category: 'fire',
        severity: 'high',
        location: HERE,
      })
    ).json().incident;
    const report = (
      await civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'flooding',
        description: 'Water flooding the underpass',
        location: HERE,
      })
    ).json().report;
    await analyst.request('POST', '/messages', {
      clientId: randomUUID(),
      channel: 'incident',
      targetId: incident.id,
      body: 'Hydrant on Dock Road is dry',
    });

    const dock = await search('dock road');
    expect(dock.hits.map((hit: { kind: string }) => hit.kind).sort()).toEqual(['incident', 'message']);
    const message = dock.hits.find((hit: { kind: string }) => hit.kind === 'message');
    expect(message).toMatchObject({ title: 'Avery Analyst', incidentId: incident.id });
    expect(message.snippet).toMatch(/«Dock»/);

    const flood = await search('flood');
    expect(flood.hits).toEqual([expect.objectContaining({ kind: 'report', id: report.id, title: `${report.trackingCode} flooding` })]);
    expect((await search(report.trackingCode)).hits[0].id).toBe(report.id);

    // Command edits the title (analysts judge only the threat level): the index follows.
    const command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    await command.request('PATCH', `/incidents/${incident.id}`, { title: 'Chemical spill at the quay' });
    expect((await search('chemical quay')).hits[0]).toMatchObject({ kind: 'incident', id: incident.id });
    expect((await analyst.request('GET', '/search?q=dock&kind=incident')).json().hits).toHaveLength(0);
  });

  it('treats what people type as words, never as query syntax, and refuses short or hostile input', async () => {
    for (const query of ['"unbalanced', 'a AND OR NOT', 'title:* ( ) -- ;', '*** ^^^', 'x:*&|!']) {
      const answer = await analyst.request('GET', `/search?q=${encodeURIComponent(query)}`);
      expect(answer.statusCode, query).toBe(200);
    }
    expect((await analyst.request('GET', '/search?q=a')).statusCode).toBe(400);
    expect((await civic.request('GET', '/search?q=water')).statusCode).toBe(403);
  });
});
