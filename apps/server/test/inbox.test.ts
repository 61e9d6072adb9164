import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { addOtherCrew, setUpCrewedIncident } from './crewed-incident';
import { buildTestApp, createUser, signIn, signInNewUser, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

/**
 * The command inbox and attention (docs/decisions/0036-command-inbox-and-attention.md): threads
 * with unread counts per person, read markers, and the SOS acknowledgement the crew sees.
 */
describe.each(TEST_DIALECTS)('command inbox on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let otherCommand: Client;
  let analyst: Client;
  let crew: Client;
  let outsider: Client;
  let civic: Client;
  let commandId: string;
  let crewId: string;
  let unitId: string;
  let otherUnitId: string;
  let incidentId: string;
  let published: OperationalEvent[];

  const send = (client: Client, channel: string, targetId: string | undefined, body: string) =>
    client.request('POST', '/messages', { clientId: randomUUID(), channel, ...(targetId ? { targetId } : {}), body });
  const threads = async (client: Client) => (await client.request('GET', '/messages/threads')).json().threads;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    published = [];
    t.services.events.listen((event) => published.push(event));
    ({
      command,
      commandUserId: commandId,
      crew,
      crewUserId: crewId,
      unitId,
      incidentId,
    } = await setUpCrewedIncident(t, { commandName: 'Casey Command', crewName: 'Frankie Field', incident: { location: HERE } }));
    otherCommand = (await signInNewUser(t, 'Command_Admin')).client;
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst', full_name: 'Avery Analyst' })).email);
    ({ outsider, otherUnitId } = await addOtherCrew(t, command));
    civic = (await signInNewUser(t, 'Civic_Reporter')).client;
  });
  afterEach(() => t.close());

  describe('threads', () => {
    it('lists command’s threads newest activity first, named, with unread counts per person', async () => {
      await send(command, 'broadcast', undefined, 'All units: bridge closed');
      t.clock.advance(1_000);
      await send(crew, 'unit', unitId, 'On our way');
      t.clock.advance(1_000);
      await send(outsider, 'unit', otherUnitId, 'Need fuel');
      t.clock.advance(1_000);
      await send(analyst, 'incident', incidentId, 'Smoke is toxic: keep upwind');
      t.clock.advance(1_000);
      await send(crew, 'direct', commandId, 'Call me');
      t.clock.advance(1_000);
      await send(crew, 'unit', unitId, 'Arrived');

      const mine = await threads(command);
      expect(mine.map((thread: { title: string }) => thread.title)).toEqual([
        'ENGINE-7',
        'Frankie Field',
        expect.stringMatching(/ Warehouse fire$/),
        'MEDIC-3',
        'All units (broadcasts)',
      ]);
      expect(mine[0]).toMatchObject({
        channel: 'unit',
        targetId: unitId,
        unread: 2,
        lastMessage: { body: 'Arrived', senderName: 'Frankie Field', senderRole: 'Field_Unit' },
      });
      expect(mine[1]).toMatchObject({ channel: 'direct', targetId: crewId, unread: 1 });
      // An analyst's message on the incident is a note command reads, by role.
      expect(mine[2]).toMatchObject({
        channel: 'incident',
        targetId: incidentId,
        unread: 1,
        lastMessage: { senderRole: 'Intelligence_Analyst' },
      });
      // One's own messages are never unread.
      expect(mine[4]).toMatchObject({ channel: 'broadcast', targetId: null, unread: 0 });
      // The direct message is between two people: another commander does not see it.
      expect((await threads(otherCommand)).map((thread: { channel: string }) => thread.channel)).not.toContain('direct');
    });

    it('shows a field unit only its own unit’s, its assigned incidents’ and its direct threads', async () => {
      await send(command, 'unit', unitId, 'Go to the bridge');
      await send(command, 'unit', otherUnitId, 'Stand by');
      await send(analyst, 'incident', incidentId, 'Note');
      await send(command, 'broadcast', undefined, 'All units');
      expect((await threads(crew)).map((thread: { title: string }) => thread.title).sort()).toEqual(['All units (broadcasts)', 'ENGINE-7']);
      await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] });
      expect((await threads(crew)).map((thread: { channel: string }) => thread.channel).sort()).toEqual(['broadcast', 'incident', 'unit']);
      expect((await threads(outsider)).find((thread: { channel: string }) => thread.channel === 'unit')).toMatchObject({
        targetId: otherUnitId,
        unread: 1,
      });
      const refused = await civic.request('GET', '/messages/threads');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/messaging is for operations staff and units/);
    });
  });

  describe('read markers', () => {
    it('marks a thread read up to a message, per person, never moving back', async () => {
      const first = (await send(crew, 'unit', unitId, 'One')).json().message;
      t.clock.advance(1_000);
      const second = (await send(crew, 'unit', unitId, 'Two')).json().message;
      const read = await command.request('POST', '/messages/reads', { channel: 'unit', targetId: unitId, messageId: second.id });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ readUpTo: second.sentAt });
      expect((await threads(command))[0].unread).toBe(0);
      expect((await threads(otherCommand))[0].unread).toBe(2);
      // An older message does not move the marker back.
      await command.request('POST', '/messages/reads', { channel: 'unit', targetId: unitId, messageId: first.id });
      expect((await threads(command))[0].unread).toBe(0);
      t.clock.advance(1_000);
      await send(crew, 'unit', unitId, 'Three');
      expect((await threads(command))[0].unread).toBe(1);
    });

    it('marks a direct thread by the other person and broadcasts without a target', async () => {
      const direct = (await send(crew, 'direct', commandId, 'Call me')).json().message;
      await command.request('POST', '/messages/reads', { channel: 'direct', targetId: crewId, messageId: direct.id });
      expect((await threads(command))[0]).toMatchObject({ channel: 'direct', targetId: crewId, unread: 0 });
      const broadcast = (await send(command, 'broadcast', undefined, 'All units')).json().message;
      expect((await crew.request('POST', '/messages/reads', { channel: 'broadcast', messageId: broadcast.id })).statusCode).toBe(200);
    });

    it('refuses bad, foreign and unknown reads clearly and changes nothing', async () => {
      const message = (await send(crew, 'unit', unitId, 'One')).json().message;
      const cases: [Client, object, number, RegExp][] = [
        [command, { channel: 'unit', messageId: message.id }, 400, /need one/],
        [command, { channel: 'unit', targetId: unitId }, 400, /messageId/],
        [command, { channel: 'bogus', targetId: unitId, messageId: message.id }, 400, /channel must be one of/],
        [command, { channel: 'unit', targetId: otherUnitId, messageId: message.id }, 400, /not in this thread/],
        [command, { channel: 'unit', targetId: unitId, messageId: 'no-such' }, 404, /No such message/],
        [command, { channel: 'unit', targetId: 'no-such', messageId: message.id }, 404, /No such unit/],
        [outsider, { channel: 'unit', targetId: unitId, messageId: message.id }, 403, /not your unit/],
        [civic, { channel: 'broadcast', messageId: message.id }, 403, /Civic reporters/],
      ];
      for (const [client, body, status, text] of cases) {
        const answer = await client.request('POST', '/messages/reads', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(status);
        expect(answer.json().error.message).toMatch(text);
      }
      expect((await threads(command))[0].unread).toBe(1);
      expect((await threads(outsider)).length).toBe(0);
    });
  });

  describe('SOS acknowledgement', () => {
    const raise = () => crew.request('POST', `/units/${unitId}/sos`, { clientId: randomUUID(), location: HERE });

    it('records who saw the SOS and when, acknowledges its alert and tells the crew live', async () => {
      await raise();
      t.clock.advance(3_000);
      published.length = 0;
      const seen = await command.request('POST', `/units/${unitId}/sos/acknowledge`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().unit.emergency.seen).toEqual({ by: 'Casey Command', at: t.clock.now() });
      expect((await crew.request('GET', '/units')).json().units[0].emergency.seen).toEqual({ by: 'Casey Command', at: t.clock.now() });
      expect((await command.request('GET', '/alerts')).json().alerts[0]).toMatchObject({ rule: 'unit.sos', status: 'acknowledged' });
      const unitUpdate = published.find((event) => event.type === 'unit.updated');
      expect(unitUpdate?.channels).toContain(`unit:${unitId}`);
      expect(unitUpdate?.data).toMatchObject({ emergency: { seen: { by: 'Casey Command' } } });

      const again = await otherCommand.request('POST', `/units/${unitId}/sos/acknowledge`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/already acknowledged by Casey Command/);

      // Cleared, then raised again: a new emergency nobody has seen yet.
      await command.request('POST', `/units/${unitId}/sos/clear`);
      t.clock.advance(1_000);
      expect((await raise()).json().unit.emergency.seen).toBeNull();
    });

    it('counts acknowledging the SOS alert as seeing the SOS', async () => {
      await raise();
      const alert = (await command.request('GET', '/alerts')).json().alerts[0];
      await command.request('POST', `/alerts/${alert.id}/acknowledge`);
      expect((await crew.request('GET', '/units')).json().units[0].emergency.seen).toEqual({ by: 'Casey Command', at: t.clock.now() });
    });

    it('refuses without an emergency, for an unknown unit and for anyone but command, changing nothing', async () => {
      const none = await command.request('POST', `/units/${unitId}/sos/acknowledge`);
      expect(none.statusCode).toBe(409);
      expect(none.json().error.message).toMatch(/ENGINE-7 is not in SOS/);
      expect((await command.request('POST', '/units/no-such/sos/acknowledge')).statusCode).toBe(404);
      await raise();
      expect((await crew.request('POST', `/units/${unitId}/sos/acknowledge`)).statusCode).toBe(403);
      expect((await analyst.request('POST', `/units/${unitId}/sos/acknowledge`)).statusCode).toBe(403);
      expect((await crew.request('GET', '/units')).json().units[0].emergency.seen).toBeNull();
      expect((await command.request('GET', '/alerts')).json().alerts[0].status).toBe('new');
    });
  });
});
