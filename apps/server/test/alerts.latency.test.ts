import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildLiveTestApp, sessionCookie, type LiveTestApp } from './realtime-support';
import { insertZone } from './rules-support';
import { signInNewUser, type Client } from './support';

describe.each(TEST_DIALECTS)('alert latency and handling on %s', (dialect) => {
  let t: LiveTestApp;
  let command: Client;
  let commandId: string;
  let crewId: string;
  let crew: Client;

  beforeEach(async () => {
    t = await buildLiveTestApp(dialect);
    ({
      user: { id: commandId },
      client: command,
    } = await signInNewUser(t, 'Command_Admin'));
    ({
      user: { id: crewId },
      client: crew,
    } = await signInNewUser(t, 'Field_Unit'));
  });
  afterEach(() => t.close());

  async function enterZone() {
    await insertZone(t.services, commandId, { lon: 10, lat: 10, size: 1, riskLevel: 'critical', name: 'Old quarter' });
    const unit = (await command.request('POST', '/units', { callsign: 'ECHO-5', kind: 'patrol', members: [crewId] })).json().unit;
    await crew.request('POST', `/units/${unit.id}/position`, {
      clientId: randomUUID(),
      location: { lat: 10.5, lon: 10.5 },
      at: t.clock.now() - 2000,
    });
    await t.services.threatEngine.idle();
    return unit as { id: string };
  }

  it('records when an alert first reached a command screen, and when it was acknowledged', async () => {
    const socket = await t.openSocket(sessionCookie(command.cookies));
    await socket.subscribe(['alerts']);
    await enterZone();
    const frame = await socket.next((candidate) => candidate.type === 'alert.created', 'the geofence alert');
    const alert = frame.data as { id: string; severity: string; latency: { eventAt: number; firstDeliveredAt: number | null } };
    expect(alert).toMatchObject({ severity: 'critical', latency: { eventAt: t.clock.now() - 2000, firstDeliveredAt: null } });
    t.clock.advance(3000);
    await expect
      .poll(async () => (await command.request('GET', '/alerts?rule=zone.geofence')).json().alerts[0].latency.firstDeliveredAt)
      .not.toBeNull();
    const acknowledged = (await command.request('POST', `/alerts/${alert.id}/acknowledge`)).json().alert;
    expect(acknowledged.latency).toMatchObject({
      eventAt: t.clock.now() - 5000,
      ingestedAt: t.clock.now() - 3000,
      alertedAt: t.clock.now() - 3000,
      acknowledgedAt: t.clock.now(),
    });
    expect(acknowledged.latency.firstDeliveredAt).toBeGreaterThanOrEqual(t.clock.now() - 3000);
  });

  it('leaves first delivery empty while no screen is watching, and dismisses only with a verdict', async () => {
    await enterZone();
    const [alert] = (await command.request('GET', '/alerts?rule=zone.geofence')).json().alerts;
    expect(alert.latency.firstDeliveredAt).toBeNull();
    const noVerdict = await command.request('POST', `/alerts/${alert.id}/dismiss`, { verdict: ' ' });
    expect(noVerdict.statusCode).toBe(400);
    expect(noVerdict.json().error.message).toContain('Say why the alert is dismissed.');
    const dismissed = (await command.request('POST', `/alerts/${alert.id}/dismiss`, { verdict: 'False positive' })).json().alert;
    expect(dismissed).toMatchObject({ status: 'dismissed', verdict: 'False positive' });
    expect((await command.request('POST', `/alerts/${alert.id}/resolve`)).statusCode).toBe(409);
  });
});
