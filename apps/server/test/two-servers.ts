import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@argus/contracts/roles';
import type { Dialect } from '../src/db/database';
import { startJanus, type JanusProcess } from './janus-process';
import { dropRedisKeys } from './scale-out-support';
import { seedSharedDatabase, sharedDatabase, sharedProcessEnv, startServer, stopServer, type ServerProcess } from './server-processes';

/** Two server processes of one group of tests, once its beforeAll has run. */
export interface TwoServers<Roles extends readonly Role[]> {
  a: ServerProcess;
  /** Either may be replaced (a node killed and started again with `env`): afterAll stops whichever runs then. */
  b: ServerProcess;
  /** The users seeded, one per role asked for, in order. */
  emails: { -readonly [K in keyof Roles]: string };
  /** What both were started with. */
  env: Record<string, string>;
}

/**
 * Two real server processes on one database and one Redis key prefix of their own, started in the
 * group's beforeAll with a user per role, and stopped in its afterAll with the database dropped and
 * the keys removed. `extraEnv` is read when they start, so it may name what an earlier beforeAll
 * started (a Janus); hooks registered after this call run their afterAll first.
 */
export function twoServers<const Roles extends readonly Role[]>(
  dialect: Dialect,
  roles: Roles,
  extraEnv: () => Record<string, string> = () => ({}),
): TwoServers<Roles> {
  const keyPrefix = `argus:test:${randomBytes(6).toString('hex')}:`;
  let database: Awaited<ReturnType<typeof sharedDatabase>> | undefined;
  const servers = {} as TwoServers<Roles>;
  beforeAll(async () => {
    database = await sharedDatabase(dialect);
    servers.env = sharedProcessEnv(database, keyPrefix, extraEnv());
    servers.emails = await seedSharedDatabase(servers.env, roles);
    // Two processes starting on a loaded machine: no tight limit on how long that takes.
    [servers.a, servers.b] = await Promise.all([startServer(servers.env), startServer(servers.env)]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([stopServer(servers.a), stopServer(servers.b)]);
    await database?.drop();
    await dropRedisKeys(keyPrefix);
  }, 120_000);
  return servers;
}

/** Two server processes whose media server is one Janus of their own, started before them and stopped after them. */
export function twoServersOnJanus<const Roles extends readonly Role[]>(dialect: Dialect, roles: Roles): TwoServers<Roles> {
  let janus: JanusProcess | undefined;
  beforeAll(async () => {
    janus = await startJanus();
  }, 300_000);
  afterAll(() => janus?.stop());
  return twoServers(dialect, roles, () => ({ MEDIA_SERVER: 'janus', JANUS_URLS: janus!.url, ICE_STUN_URLS: 'none' }));
}
