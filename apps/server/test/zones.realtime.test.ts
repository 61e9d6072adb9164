import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@argus/contracts/roles';
import { TEST_DIALECTS } from './databases';
import { buildLiveTestApp, type LiveTestApp } from './realtime-support';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ],
  ],
};

describe.each(TEST_DIALECTS)('zones over /ws/realtime on %s', (dialect) => {
  let t: LiveTestApp;

  beforeEach(async () => {
    t = await buildLiveTestApp(dialect);
  });
  afterEach(() => t.close());

  const socketFor = (role: Role) => t.socketAs(role, ['zones']);

  it('announces drawn and re-rated zones to command and analysts, and not to field units or civic reporters', async () => {
    const command = await socketFor('Command_Admin');
    const analyst = await socketFor('Intelligence_Analyst');
    const field = await socketFor('Field_Unit');
    const civic = await socketFor('Civic_Reporter');
    expect(analyst.socket.answer('realtime.subscribed', 'zones')).toBeDefined();
    expect(field.socket.answer('realtime.denied', 'zones')).toBeDefined();
    expect(civic.socket.answer('realtime.denied', 'zones')).toBeDefined();

    const zone = (
      await command.client.request('POST', '/zones', { name: 'Quarry', kind: 'restricted', riskLevel: 'elevated', geometry: SQUARE })
    ).json().zone;
    const created = await analyst.socket.next((frame) => frame.type === 'zone.created', 'zone.created');
    expect(created).toMatchObject({ channel: 'zones', data: { id: zone.id, name: 'Quarry', riskLevel: 'elevated', geometry: SQUARE } });
    await analyst.client.request('PATCH', `/zones/${zone.id}`, { riskLevel: 'critical' });
    expect(await command.socket.next((frame) => frame.type === 'zone.updated', 'zone.updated')).toMatchObject({
      data: { id: zone.id, riskLevel: 'critical' },
    });
  });
});
