import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeclaredRoute } from '../src/plugins/types';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

/**
 * Thousands of generated hostile inputs against every route the server declares, built from the
 * route's own schemas: wrong types, huge and odd strings, prototype-pollution keys, deep nesting,
 * malformed parameters. Nothing may answer 5xx or crash the server, and a rejected request may
 * not change what is stored. SQLite only: the validation under test runs before any storage,
 * and the suite must stay within the CI budget.
 */
const RUNS_PER_ROUTE = 100;
/**
 * Every route gets its runs: a minute or two on two idle cores, about four once the cores are
 * shared with browser tests. The limit only catches a hang, so it leaves room for a loaded machine.
 */
const TIME_LIMIT_MS = 480_000;
const SEED = 20261122;

/** The stored state a rejected request must leave alone. The audit log, login throttle and
 * analytics intake are left out on purpose: recording a refused attempt is their job. */
const WATCHED_TABLES = [
  'users',
  'sessions',
  'mfa_factors',
  'mfa_challenges',
  'refresh_tokens',
  'recovery_codes',
  'identities',
  'oauth_flows',
  'signing_keys',
  'counters',
  'incidents',
  'incident_timeline',
  'units',
  'unit_members',
  'client_actions',
  'reports',
  'dispatches',
  'report_photos',
  'messages',
  'alerts',
  'evidence_items',
  'evidence_custody',
  'zones',
  'zone_imports',
  'rules',
  'detections',
  'rule_presence',
  'cameras',
  'basemaps',
  'unit_kind_capabilities',
  'category_needs',
  'stream_defaults',
  'stream_platform_settings',
  'stream_rooms',
  'stream_sessions',
  'caller_links',
] as const;

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '\u202e',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    'true',
    'null',
  ),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Looks through optional, default, nullable and pipe wrappers to the schema that shapes the value. */
function core(schema: unknown): unknown {
  let current = schema as { _zod?: { def?: { innerType?: unknown; in?: unknown } } } | undefined;
  for (let depth = 0; depth < 10 && current?._zod?.def; depth += 1) {
    const next = current._zod.def.innerType ?? current._zod.def.in;
    if (!next) break;
    current = next as typeof current;
  }
  return current;
}

function fieldsOf(schema: unknown): Record<string, unknown> {
  const shape = core(schema);
  return shape instanceof z.ZodObject ? (shape.shape as Record<string, unknown>) : {};
}

/** A value for one field: often of the right kind (valid enum members included), often not. */
function valueFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const shape = core(schema);
  if (shape instanceof z.ZodEnum)
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(shape.options as string[])) }, { weight: 1, arbitrary: hostileString });
  if (shape instanceof z.ZodObject && depth < 3) return shapedLike(shape, depth + 1);
  if (shape instanceof z.ZodNumber) return fc.oneof(fc.integer(), fc.double(), hostileString);
  if (shape instanceof z.ZodString) return fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue });
  return hostileValue;
}

/** Objects with the schema's own keys (so validation gets past "unknown shape") but wrong values. */
function shapedLike(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema);
  const keys = Object.keys(fields);
  if (keys.length === 0) return hostileValue;
  return fc.oneof(
    { weight: 3, arbitrary: fc.record(Object.fromEntries(keys.map((key) => [key, valueFor(fields[key], depth)])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function queryFor(schema: unknown): fc.Arbitrary<string> {
  const fields = fieldsOf(schema);
  const named = fc.record(
    Object.fromEntries(
      Object.keys(fields).map((key) => [
        key,
        valueFor(fields[key]).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))),
      ]),
    ),
    { requiredKeys: [] },
  );
  const stray = fc.dictionary(fc.constantFrom('x', '__proto__', 'constructor'), hostileString, { maxKeys: 2 });
  return fc.tuple(named, stray).map(([known, extra]) => new URLSearchParams({ ...extra, ...known } as Record<string, string>).toString());
}

function urlWithParams(url: string): fc.Arbitrary<string> {
  const names = url.match(/:\w+/g) ?? [];
  if (names.length === 0) return fc.constant(url);
  return fc
    .tuple(...names.map(() => hostileString.filter((value) => value.length > 0 && value.length < 1500)))
    .map((values) => names.reduce((path, name, index) => path.replace(name, encodeURIComponent(values[index]!)), url));
}

describe('hostile input against every declared route', () => {
  let t: TestApp;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    // One sign-in per route from one address: with every route declared that passes the public
    // rate limit, which has its own tests; here it would only hide what the routes answer.
    t = await buildTestApp('sqlite', { RATE_LIMIT_PUBLIC_MAX: '1000000' });
    routes = t.routes;
  });
  afterAll(() => t.close());

  async function snapshot(): Promise<string> {
    const parts: unknown[] = [];
    for (const table of WATCHED_TABLES) parts.push(await t.services.db.kysely.selectFrom(table).selectAll().execute());
    return JSON.stringify(parts);
  }

  it('covers the routes that take input', () => {
    expect(routes.filter((route) => route.body || route.querystring || route.params).length).toBeGreaterThan(15);
  });

  it(
    'never answers 5xx, never crashes, and changes nothing it rejects',
    async () => {
      const problems: string[] = [];
      for (const route of routes) {
        // A fresh administrator per route: some routes end or switch the session they are sent with.
        const admin = await createUser(t.services, { role: 'Super_Admin' });
        const client: Client = await signIn(t.app, admin.email);
        const request = fc.record({
          url: urlWithParams(route.url),
          query: route.querystring || route.method === 'GET' ? queryFor(route.querystring) : fc.constant(''),
          body: route.method === 'GET' ? fc.constant(undefined) : shapedLike(route.body),
          contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        });
        await fc
          .assert(
            fc.asyncProperty(request, async ({ url, query, body, contentType }) => {
              const before = await snapshot();
              const response = await t.app.inject({
                method: route.method as 'POST',
                url: query ? `${url}?${query}` : url,
                cookies: client.cookies,
                headers: { 'x-csrf-token': client.csrf, 'content-type': contentType },
                ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
              });
              if (response.statusCode >= 500) {
                problems.push(`${route.method} ${route.url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
                return false;
              }
              if (response.statusCode >= 400 && (await snapshot()) !== before) {
                problems.push(`${route.method} ${route.url} changed stored data while answering ${response.statusCode}`);
                return false;
              }
              return true;
            }),
            { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
          )
          .catch((error: unknown) => problems.push(String(error).slice(0, 1500)));
      }
      expect(problems).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    },
    TIME_LIMIT_MS,
  );
});
