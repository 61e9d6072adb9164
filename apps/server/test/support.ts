import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';
import type { Role } from '@argus/contracts/roles';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { buildApp, type ArgusApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Dialect } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import type { Services } from '../src/services';
import type { DeclaredRoute } from '../src/plugins/types';
import { createTestDatabase } from './databases';

export const STRONG_PASSWORD = 'Lantern-Gravel-Orbit-93';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  clock: ManualClock;
  config: Config;
  routes: DeclaredRoute[];
  /** The CoT endpoint; listening once the app is ready when COT_TCP_PORT is given. */
  cot: ArgusApp['cot'];
  /** The CoT endpoint's TLS side and ATAK's enrolment, when COT_TLS_PORT or TAK_ENROL_PORT is given. */
  takTls: ArgusApp['takTls'];
  /** Argus's link to an existing TAK Server, when TAK_GATEWAY_URL is given. */
  takGateway: ArgusApp['takGateway'];
  rtsp: ArgusApp['rtsp'];
  close(): Promise<void>;
}

/** A whole Argus server on a fresh database and a clock that moves only when told. */
export async function buildTestApp(dialect: Dialect, env: Record<string, string> = {}, clock = new ManualClock()): Promise<TestApp> {
  // Stored files (photos) go to a folder of this test's own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-test-'));
  // The administrators' MFA policy has its own tests; elsewhere it would only add sign-in steps.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MFA_REQUIRED_FOR_ADMINS: 'false',
    DATA_DIR: dataDir,
    ...env,
  });
  const db = await createTestDatabase(dialect);
  const { app, services, routes, cot, takTls, takGateway, rtsp } = await buildApp({ config, db, clock });
  return {
    app,
    services,
    clock,
    config,
    routes,
    cot,
    takTls,
    takGateway,
    rtsp,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Creates a user through the real service (policy, hashing, audit). */
export async function createUser(
  services: Services,
  overrides: { role?: Role; email?: string; full_name?: string; password?: string; is_active?: boolean } = {},
) {
  counter += 1;
  const role = overrides.role ?? 'Field_Unit';
  const user = await services.users.create(
    {
      email: overrides.email ?? `${role.toLowerCase()}.${counter}@argus.test`,
      full_name: overrides.full_name ?? `${role} ${counter}`,
      role,
      password: overrides.password ?? STRONG_PASSWORD,
    },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  if (overrides.is_active === false) await services.users.update(user.id, { is_active: false }, OPERATOR, SYSTEM_CONTEXT);
  return user;
}

/** A signed-in client: its cookies and CSRF token, and inject helpers that send them. */
export interface Client {
  cookies: Record<string, string>;
  csrf: string;
  request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    /** An object, sent as JSON; or bytes (a Buffer, a stream, a string) with their content-type in `headers`. */
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export async function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD): Promise<Client> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = cookiesOf(response);
  const csrf = cookies[CSRF_COOKIE]!;
  return {
    cookies,
    csrf,
    request: (method, url, payload, headers = {}) =>
      app.inject({
        method,
        url,
        cookies: { [SESSION_COOKIE]: cookies[SESSION_COOKIE]!, [CSRF_COOKIE]: csrf },
        headers: { [CSRF_HEADER]: csrf, ...headers },
        ...(payload !== undefined && { payload: payload as object }),
      }),
  };
}

/** What a signed-in browser sends with each request: its session and CSRF cookies, and the CSRF token again in the header. */
export function sessionHeaders(client: Pick<Client, 'cookies' | 'csrf'>): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${client.cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${client.csrf}`, [CSRF_HEADER]: client.csrf };
}

/**
 * A signed-in client's JSON request to a listening server (`origin`, as `app.listen` answers it),
 * over a connection of its own as the browser sends it: for requests that must truly run side by side.
 */
export function sendOver(
  origin: string,
  client: Pick<Client, 'cookies' | 'csrf'>,
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...sessionHeaders(client) },
    body: JSON.stringify(body),
  });
}

/** A new user of the role, signed in: the user (for ids) and its client. */
export async function signInNewUser(
  t: Pick<TestApp, 'app' | 'services'>,
  role: Role,
): Promise<{ user: Awaited<ReturnType<typeof createUser>>; client: Client }> {
  const user = await createUser(t.services, { role });
  return { user, client: await signIn(t.app, user.email) };
}

/** Expects the request to be answered with `status` and an error message that says `text`: the words a person reads. */
export async function expectRefusal(response: Promise<LightMyRequestResponse>, status: number, text: string): Promise<void> {
  const answer = await response;
  expect(answer.statusCode).toBe(status);
  expect(answer.json().error.message).toContain(text);
}
