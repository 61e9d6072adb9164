import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@argus/contracts/roles';
import { TEST_DIALECTS } from './databases';
import { pngOfSize } from './evidence-fixtures';
import { buildLiveTestApp, type LiveTestApp } from './realtime-support';
import type { Client } from './support';

describe.each(TEST_DIALECTS)('evidence over /ws/realtime on %s', (dialect) => {
  let t: LiveTestApp;

  beforeEach(async () => {
    t = await buildLiveTestApp(dialect);
  });
  afterEach(() => t.close());

  const socketFor = (role: Role) => t.socketAs(role, ['evidence']);

  const upload = (client: Client, bytes: Buffer) =>
    client.request('POST', '/evidence?filename=scene.png', bytes, { 'content-type': 'application/octet-stream' });

  it('announces new items, reviews, links and custody entries to command and analysts, and refuses the channel to field units and civic reporters', async () => {
    const command = await socketFor('Command_Admin');
    const analyst = await socketFor('Intelligence_Analyst');
    const field = await socketFor('Field_Unit');
    const civic = await socketFor('Civic_Reporter');
    expect(command.socket.answer('realtime.subscribed', 'evidence')).toBeDefined();
    expect(analyst.socket.answer('realtime.subscribed', 'evidence')).toBeDefined();
    expect(field.socket.answer('realtime.denied', 'evidence')).toBeDefined();
    expect(civic.socket.answer('realtime.denied', 'evidence')).toBeDefined();

    // A field unit's upload reaches both reviewers.
    const uploaded = await upload(field.client, pngOfSize(3000));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const item = uploaded.json().item as { id: string; sha256: string };
    for (const reviewer of [command, analyst]) {
      const created = await reviewer.socket.next((frame) => frame.type === 'evidence.created', 'evidence.created');
      expect(created).toMatchObject({
        channel: 'evidence',
        data: { id: item.id, sha256: item.sha256, status: 'pending_review', kind: 'photo' },
      });
    }

    // Command's verdict and link reach the analyst with the item's new state.
    expect((await command.client.request('POST', `/evidence/${item.id}/review`, { status: 'accepted' })).statusCode).toBe(200);
    expect(await analyst.socket.next((frame) => frame.type === 'evidence.updated', 'evidence.updated (review)')).toMatchObject({
      data: { id: item.id, status: 'accepted' },
    });
    const incident = (
      await command.client.request('POST', '/incidents', {
        title: 'Bridge',
        category: 'fire',
        severity: 'high',
        location: { lat: 1, lon: 2 },
      })
    ).json().incident as { id: string };
    expect((await command.client.request('POST', `/evidence/${item.id}/link`, { incidentId: incident.id })).statusCode).toBe(200);
    expect(
      await analyst.socket.next(
        (frame) => frame.type === 'evidence.updated' && (frame.data as { incidentId: string | null }).incidentId !== null,
        'evidence.updated (link)',
      ),
    ).toMatchObject({
      data: { id: item.id, incidentId: incident.id, status: 'accepted' },
    });

    // The analyst opening it is a custody entry command hears of; saying the same verdict again changes nothing and announces nothing.
    expect((await analyst.client.request('GET', `/evidence/${item.id}`)).statusCode).toBe(200);
    expect(await command.socket.next((frame) => frame.type === 'evidence.custody', 'evidence.custody')).toMatchObject({
      data: { itemId: item.id, action: 'viewed', seq: 4 },
    });
    expect((await command.client.request('POST', `/evidence/${item.id}/review`, { status: 'accepted' })).statusCode).toBe(200);
    const updates = analyst.socket.events('evidence').filter((frame) => frame.type === 'evidence.updated');
    expect(updates).toHaveLength(2);

    expect(field.socket.events('evidence')).toEqual([]);
    expect(civic.socket.events('evidence')).toEqual([]);
  });
});
