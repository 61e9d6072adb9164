import { Redis } from 'ioredis';

/** The services the scale-out tests need; CI has both on loopback. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether Redis answers a ping within two seconds, without retrying. */
export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Whether this machine has every service a test needs (name → whether it answered). CI has them
 * all, so there a missing one fails the run; elsewhere the test is skipped, and says so.
 */
export function servicesPresent(test: string, services: Record<string, boolean>): boolean {
  const missing = Object.entries(services)
    .filter(([, present]) => !present)
    .map(([name]) => name);
  if (missing.length === 0) return true;
  const list = missing.join(', ');
  if (process.env.CI) throw new Error(`Not answering: ${list}. In CI every service is there, and ${test} must run.`);
  console.warn(`Not answering: ${list}. SKIPPED on this machine: ${test}.`);
  return false;
}

/** Deletes every key under `prefix`, what a test or bench run left in the shared Redis. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
