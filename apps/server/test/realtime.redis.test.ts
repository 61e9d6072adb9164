import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { twoServers } from './two-servers';
import { RealtimeClient } from './realtime-support';
import { REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';
import { signInOver, type ServerProcess } from './server-processes';

/**
 * Two server processes on one database and one Redis share their channels. Redis answers at
 * TEST_REDIS_URL (default the local server); without it these tests are skipped with a warning,
 * except in CI, where a missing Redis is a failure.
 */
const hasRedis = servicesPresent('the multi-process realtime tests', { [`Redis at ${REDIS_URL}`]: await redisAnswers() });

describe.skipIf(!hasRedis).each(TEST_DIALECTS)('realtime shared by two server processes through Redis on %s', (dialect) => {
  const nodes = twoServers(dialect, ['Command_Admin']);
  let command: Awaited<ReturnType<typeof signInOver>>;
  const sockets: RealtimeClient[] = [];

  beforeAll(async () => {
    command = await signInOver(nodes.a.baseUrl, nodes.emails[0]);
  });
  afterAll(() => sockets.splice(0).forEach((socket) => socket.drop()));

  async function open(server: ServerProcess, channels: Parameters<RealtimeClient['subscribe']>[0]): Promise<RealtimeClient> {
    const socket = await RealtimeClient.open(server.baseUrl, command.headers);
    sockets.push(socket);
    await socket.subscribe(channels);
    return socket;
  }

  const createIncident = (server: ServerProcess, title: string) =>
    command.post(server.baseUrl, '/incidents', {
      title,
      category: 'fire',
      severity: 'high',
      location: { lat: 1, lon: 2 },
      description: '',
    });

  it('delivers an event written through one process to the clients of both, with the same seq', async () => {
    const onFirst = await open(nodes.a, ['incidents']);
    const onSecond = await open(nodes.b, ['incidents']);
    const start = (onSecond.answer('realtime.subscribed', 'incidents') as { seq: number }).seq;
    expect((onFirst.answer('realtime.subscribed', 'incidents') as { seq: number }).seq).toBe(start);

    await createIncident(nodes.a, 'Written through the first');
    await createIncident(nodes.b, 'Written through the second');
    for (const socket of [onFirst, onSecond]) await socket.next((frame) => frame.seq === start + 2, 'the second incident');

    const seen = (socket: RealtimeClient) =>
      socket.events('incidents').map((frame) => [frame.seq, (frame.data as { title: string }).title, frame.messageId]);
    expect(seen(onSecond)).toEqual(seen(onFirst));
    expect(seen(onSecond).map(([seq, title]) => [seq, title])).toEqual([
      [start + 1, 'Written through the first'],
      [start + 2, 'Written through the second'],
    ]);
  });

  it('numbers writes racing through both processes without a gap, in one order for every client', async () => {
    const onFirst = await open(nodes.a, ['incidents']);
    const onSecond = await open(nodes.b, ['incidents']);
    const start = (onFirst.answer('realtime.subscribed', 'incidents') as { seq: number }).seq;
    await Promise.all(Array.from({ length: 10 }, (_, i) => createIncident(i % 2 ? nodes.a : nodes.b, `Racing ${i}`)));
    for (const socket of [onFirst, onSecond]) await socket.next((frame) => frame.seq === start + 10, 'the tenth incident');

    const order = (socket: RealtimeClient) => socket.events('incidents').map((frame) => `${frame.seq} ${frame.messageId}`);
    expect(order(onFirst)).toEqual(order(onSecond));
    expect(onFirst.events('incidents').map((frame) => frame.seq)).toEqual(Array.from({ length: 10 }, (_, i) => start + i + 1));
  });

  it('resumes on one process what was missed while disconnected from the other', async () => {
    const left = await open(nodes.b, ['incidents']);
    const held = (left.answer('realtime.subscribed', 'incidents') as { seq: number }).seq;
    left.drop();
    const titles = [randomUUID(), randomUUID(), randomUUID()];
    for (const title of titles) await createIncident(nodes.a, title);

    const back = await open(nodes.a, [{ channel: 'incidents', since: held }]);
    expect(back.events('incidents').map((frame) => [frame.seq, (frame.data as { title: string }).title])).toEqual(
      titles.map((title, i) => [held + i + 1, title]),
    );
    expect(back.answer('realtime.subscribed', 'incidents')).toEqual({ channel: 'incidents', seq: held + 3 });
  });
});
