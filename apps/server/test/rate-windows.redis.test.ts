import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RedisRateWindows } from '../src/lib/redis-rate-windows';
import { REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';

/**
 * The Redis store of every limit (docs/decisions/0064-limits-and-previews-shared-between-processes.md):
 * its one script against a real Redis, two stores standing for two server processes. Without Redis
 * these are skipped with a warning, except in CI.
 */
const hasRedis = servicesPresent('the Redis rate-window tests', { [`Redis at ${REDIS_URL}`]: await redisAnswers() });

/** A logger that keeps what it is told, for the outage warning. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const record = (level: string) => (first: unknown, second?: unknown) =>
    void lines.push({ level, message: String(typeof first === 'string' ? first : second) });
  const log = { warn: record('warn'), info: record('info'), error: record('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe.skipIf(!hasRedis)('rate windows counted in Redis', () => {
  const keyPrefix = `argus:test:${randomBytes(6).toString('hex')}:`;
  const stores: RedisRateWindows[] = [];
  const redis = new Redis(REDIS_URL);

  async function started(): Promise<RedisRateWindows> {
    const store = new RedisRateWindows(REDIS_URL, keyPrefix);
    await store.start(recordingLog().log);
    stores.push(store);
    return store;
  }

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts one key for two processes together, every concurrent hit exactly once', async () => {
    const [a, b] = [(await started()).windows('requests', 60_000), (await started()).windows('requests', 60_000)];
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('10.0.0.1', 1_000)));
    expect(hits.map((window) => window.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // The window closes where Redis says it does, in the caller's clock.
    for (const window of hits) expect(window.endsAt).toBeGreaterThan(1_000);
    for (const window of hits) expect(window.endsAt).toBeLessThanOrEqual(1_000 + 60_000);
    expect(await redis.pttl(`${keyPrefix}requests:10.0.0.1`)).toBeGreaterThan(0);
  });

  it('keeps limits and keys apart, under the deployment’s prefix', async () => {
    const store = await started();
    const sessions = store.windows('sessions', 60_000);
    const addresses = store.windows('addresses', 60_000);
    await sessions.hit('same', 0);
    await sessions.hit('same', 0);
    expect((await addresses.hit('same', 0)).count).toBe(1);
    expect((await sessions.hit('other', 0)).count).toBe(1);
    expect(await redis.get(`${keyPrefix}sessions:same`)).toBe('2');
  });

  it('starts a new window once the old one expires', async () => {
    // A second long, so the two counts land in one window however slowly the machine answers.
    const windows = (await started()).windows('short', 1_000);
    expect((await windows.hit('k', 0)).count).toBe(1);
    expect((await windows.hit('k', 0)).count).toBe(2);
    await expect.poll(() => redis.exists(`${keyPrefix}short:k`), { interval: 50, timeout: 10_000 }).toBe(0);
    expect((await windows.hit('k', 0)).count).toBe(1);
  });

  it('gives a counter found without an expiry one, so it cannot count for ever', async () => {
    await redis.set(`${keyPrefix}stuck:k`, '7');
    const window = await (await started()).windows('stuck', 30_000).hit('k', 0);
    expect(window.count).toBe(8);
    expect(window.endsAt).toBe(30_000);
    expect(await redis.pttl(`${keyPrefix}stuck:k`)).toBeGreaterThan(0);
  });
});

/** A TCP relay to Redis that can drop every connection and refuse new ones, then let them through again. */
async function relayToRedis() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Connections stay open but nothing passes: a Redis that hangs. */
    stall: () => {
      for (const socket of sockets) socket.pause();
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!hasRedis)('rate windows through a Redis that goes away and comes back', () => {
  it('counts in this process while Redis is away and in Redis again once it answers', async () => {
    const relay = await relayToRedis();
    const store = new RedisRateWindows(relay.url, `argus:test:${randomBytes(6).toString('hex')}:`);
    const { log, lines } = recordingLog();
    await store.start(log);
    const windows = store.windows('requests', 60_000);
    for (let i = 0; i < 5; i += 1) await windows.hit('k', 0);

    await relay.cut();
    // Counted here, from one: this process has not counted 'k' before.
    await expect.poll(async () => (await windows.hit('k', 0)).count, { timeout: 15_000 }).toBe(1);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    await relay.restore();
    await expect
      .poll(
        async () => {
          await windows.hit('probe', 0);
          return lines.some((line) => line.level === 'info');
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // Redis kept its count: the window carries on from five.
    expect((await windows.hit('k', 0)).count).toBe(6);
    await store.close();
    await relay.close();
  });
});

describe.skipIf(!hasRedis)('rate windows through a Redis that hangs', () => {
  it('asks it once, then counts here for a while rather than waiting on it at every request', async () => {
    const relay = await relayToRedis();
    const store = new RedisRateWindows(relay.url, `argus:test:${randomBytes(6).toString('hex')}:`);
    const { log, lines } = recordingLog();
    await store.start(log);
    const windows = store.windows('requests', 60_000);
    expect((await windows.hit('k', 0)).count).toBe(1);

    relay.stall();
    const asked = vi.spyOn((store as unknown as { redis: { countInWindow: () => unknown } }).redis, 'countInWindow');
    const counts = [];
    for (let i = 0; i < 4; i += 1) counts.push((await windows.hit('k', 0)).count);
    // The first waited out the command timeout; the others did not ask Redis at all.
    expect(asked).toHaveBeenCalledTimes(1);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    await relay.close();
    await store.close();
  });
});

describe('rate windows when Redis does not answer', () => {
  it('count in this process, warning once, and close without waiting', async () => {
    // A port nothing listens on: taken, then let go.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));

    const store = new RedisRateWindows(`redis://127.0.0.1:${port}`, 'argus:test:');
    const { log, lines } = recordingLog();
    await store.start(log);
    const windows = store.windows('requests', 1_000);
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push((await windows.hit('10.0.0.1', 100)).count);
    expect(counts).toEqual([1, 2, 3]);
    expect(await windows.hit('10.0.0.1', 1_100)).toEqual({ count: 1, endsAt: 2_100 });
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/counting in this process/);
    await store.close();
  });
});
