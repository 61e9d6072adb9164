import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { PeerRelay } from '../src/features/streams/peer-relay';
import type { PeerRequest } from '../src/features/streams/peer-relay-messages';
import { REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';

/**
 * The relay between nodes (docs/decisions/0076-janus-behind-the-media-server-interface.md) on a real
 * Redis: whatever else is published on its channels, a node drops it, says so, and keeps serving.
 */
const hasRedis = servicesPresent('the peer relay tests', { [`Redis at ${REDIS_URL}`]: await redisAnswers() });

const claims = { sub: 'user-1', room: 'room-1', stream_role: 'publish', user_role: 'Command_Admin', name: 'Ada' } as const;

describe.skipIf(!hasRedis)('the peer relay over Redis', () => {
  const keyPrefix = `argus:test:${randomBytes(6).toString('hex')}:media:`;
  const redis = new Redis(REDIS_URL);
  const asking = new PeerRelay(REDIS_URL, keyPrefix);
  const holding = new PeerRelay(REDIS_URL, keyPrefix);

  const closing = new PeerRelay(REDIS_URL, keyPrefix);

  afterAll(async () => {
    await Promise.all([asking.close(), holding.close(), closing.close()]);
    redis.disconnect();
  });

  it('drops malformed messages on its channels, reports them, and still relays', async () => {
    const errors: unknown[] = [];
    const served: PeerRequest[] = [];
    asking.start(
      () => false,
      () => Promise.resolve(),
      (error) => errors.push(error),
    );
    holding.start(
      (peerId) => peerId.startsWith('held-'),
      async (request) => {
        served.push(request);
        if (request.peerId === 'held-refusing') throw new AppError('out_of_order');
      },
      (error) => errors.push(error),
    );
    const requests = `${keyPrefix}peers:requests`;
    await vi.waitFor(async () => {
      const [, subscribers] = (await redis.pubsub('NUMSUB', requests)) as [string, number];
      expect(subscribers).toBe(2);
      expect(await redis.pubsub('CHANNELS', `${keyPrefix}peers:replies:*`)).toHaveLength(2);
    });
    const replyChannels = (await redis.pubsub('CHANNELS', `${keyPrefix}peers:replies:*`)) as string[];

    const garbage = [
      'not json',
      'null',
      '{"id":"x"}',
      JSON.stringify({ id: crypto.randomUUID(), replyTo: crypto.randomUUID(), request: { op: 'drop', claims, peerId: 'held-1' } }),
      JSON.stringify({
        id: crypto.randomUUID(),
        replyTo: crypto.randomUUID(),
        request: { op: 'end', claims: { sub: 'x' }, peerId: 'held-1' },
      }),
    ];
    for (const text of garbage) await redis.publish(requests, text);
    const badReplies = ['null', '{"ok":false}', JSON.stringify({ id: crypto.randomUUID(), ok: false, code: 'no_such_code', message: 'x' })];
    for (const channel of replyChannels) for (const text of badReplies) await redis.publish(channel, text);

    // Every malformed message was received and dropped (two nodes hear each request).
    await vi.waitFor(() => expect(errors).toHaveLength(garbage.length * 2 + badReplies.length * replyChannels.length));
    for (const error of errors) expect(String(error)).toMatch(/Dropped a malformed peer relay (request|reply)/);
    expect(served).toEqual([]);

    // Both nodes still relay, and the holder's refusal comes back as its error.
    await asking.forward({ op: 'end', claims, peerId: 'held-1' });
    expect(served).toEqual([{ op: 'end', claims, peerId: 'held-1' }]);
    await expect(asking.forward({ op: 'end', claims, peerId: 'held-refusing' })).rejects.toMatchObject({ code: 'out_of_order' });
  });

  it('ends the requests still waiting for a reply when it closes', async () => {
    closing.start(
      () => false,
      () => Promise.resolve(),
      () => undefined,
    );
    // Without the close, no node holding it, this would wait 5 s and end as peer_not_found.
    const refused = expect(closing.forward({ op: 'end', claims, peerId: 'held-by-nobody' })).rejects.toMatchObject({
      code: 'media_unavailable',
    });
    await closing.close();
    await refused;
  });
});
