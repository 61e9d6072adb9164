import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULE_PARAMS } from '@argus/contracts/http/rules';
import { isCheckedText } from '@argus/contracts/http/text';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

const HERE = { lat: 51.5, lon: -0.12 };

/**
 * Text that cannot be stored: NUL (PostgreSQL refuses it in text) and lone UTF-16 surrogates
 * (mangled on the way to the database). Every such field answers 400 naming the field, on both
 * databases, and stores nothing.
 */
describe.each(TEST_DIALECTS)('control characters and broken Unicode in requests on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let civic: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = (await signInNewUser(t, 'Command_Admin')).client;
    civic = (await signInNewUser(t, 'Civic_Reporter')).client;
  });
  afterEach(() => t.close());

  const expectRefused = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string; issues: { path: string }[] } };
    expect(error.code).toBe('validation_failed');
    expect(error.issues.map((issue) => issue.path)).toContain(field);
    expect(error.message).toContain(`${field}: `);
  };

  it('refuses NUL in an incident title, a report description, a message body, a profile name and a civic registration', async () => {
    expectRefused(
      await command.request('POST', '/incidents', { title: 'Fire\u0000', category: 'fire', severity: 'high', location: HERE }),
      'title',
    );
    expectRefused(
      await civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'fire',
        description: 'Smoke\u0000',
        location: HERE,
      }),
      'description',
    );
    expectRefused(
      await command.request('POST', '/messages', { clientId: randomUUID(), channel: 'broadcast', body: 'All units\u0000' }),
      'body',
    );
    expectRefused(await command.request('PATCH', '/auth/profile', { full_name: 'Nia\u0000' }), 'full_name');
    const registration = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { host: 'civic.localhost' },
      payload: { email: 'nul@example.org', full_name: 'Nul\u0000Reporter', password: 'Copper-Meadow-Lantern-48' },
    });
    expectRefused(registration, 'full_name');

    const stored = await t.services.db.kysely.selectFrom('incidents').select('id').execute();
    expect(stored).toEqual([]);
    expect(await t.services.db.kysely.selectFrom('reports').select('id').execute()).toEqual([]);
    expect(await t.services.db.kysely.selectFrom('users').select('id').where('email', '=', 'nul@example.org').execute()).toEqual([]);
  });

  it('refuses a lone-surrogate callsign every time instead of storing it mangled', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expectRefused(await command.request('POST', '/units', { callsign: 'ALPHA-\uD800', kind: 'patrol' }), 'callsign');
    }
    expect(await t.services.db.kysely.selectFrom('units').select('id').execute()).toEqual([]);
  });

  it('refuses NUL in ids, cursors and filters of paths and queries', async () => {
    expectRefused(await command.request('GET', '/incidents/%00x'), 'id');
    expectRefused(await command.request('GET', '/incidents?category=%00x'), 'category');
    expectRefused(await command.request('GET', '/units?after=%00'), 'after');
    expectRefused(await command.request('GET', '/audit?q=a%00'), 'q');
  });
});

type Def = Record<string, unknown> & { type?: string; format?: string };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;

/** The path of every string a schema accepts that is neither free text built in contracts/http/text.ts nor a safe format. */
function uncheckedStrings(schema: unknown, path: string, found: string[]): void {
  const def = defOf(schema);
  if (!def) return;
  if (def.type === 'string') {
    const formats = [def.format, ...((def.checks as unknown[] | undefined) ?? []).map((check) => defOf(check)?.format)];
    // An ISO 8601 date and time (occurredAt) is held by its pattern, like an email or a UUID.
    const isSafeFormat = formats.some((format) => format === 'email' || format === 'uuid' || format === 'datetime');
    if (!(schema instanceof z.ZodString && isCheckedText(schema)) && !isSafeFormat) found.push(path);
    return;
  }
  if (def.type === 'pipe') {
    // A string piped into a stricter schema (an email, an enum list, numbers) is that schema's to judge.
    uncheckedStrings(defOf(def.out)?.type === 'transform' ? def.in : def.out, path, found);
    return;
  }
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>))
      uncheckedStrings(field, path ? `${path}.${key}` : key, found);
    if (def.catchall) uncheckedStrings(def.catchall, `${path}.*`, found);
    return;
  }
  if (def.type === 'record') {
    uncheckedStrings(def.keyType, `${path}{key}`, found);
    uncheckedStrings(def.valueType, `${path}{value}`, found);
    return;
  }
  if (def.type === 'array') return uncheckedStrings(def.element, `${path}[]`, found);
  if (def.type === 'tuple') return (def.items as unknown[]).forEach((item, index) => uncheckedStrings(item, `${path}[${index}]`, found));
  if (def.type === 'union') return (def.options as unknown[]).forEach((option) => uncheckedStrings(option, path, found));
  if (def.innerType) uncheckedStrings(def.innerType, path, found);
}

/**
 * Strings that are not free text and never reach a text column as they are: secrets and tokens are
 * hashed or verified, protocol text goes to its own parser, ids held by a strict pattern.
 */
const NOT_FREE_TEXT = [
  'POST /auth/login body.password',
  'POST /auth/register body.password',
  'POST /auth/password body.currentPassword',
  'POST /auth/password body.newPassword',
  'POST /users body.password',
  'POST /auth/setup body.password',
  'POST /auth/setup body.setupCode',
  'POST /auth/v1/token body.password',
  'POST /auth/v1/token body.refresh_token',
  'POST /auth/v1/token body.auth_code',
  'POST /auth/oauth/session body.auth_code',
  'POST /auth/oauth/session body.code_verifier',
  'POST /auth/v1/token body.code_verifier',
  'POST /auth/v1/token body.gotrue_meta_security.captcha_token',
  'POST /signaling/offer body.token',
  'POST /signaling/offer body.sdp',
  'POST /signaling/answer body.token',
  'POST /signaling/answer body.sdp',
  'POST /signaling/ice body.token',
  'POST /signaling/ice body.candidate.candidate',
  'POST /signaling/ice body.candidate.sdpMid',
  'PATCH /rules/:id body.params{key}',
  // Secrets and keys made by a machine, checked by their own formats.
  'GET /caller/:token params.token',
  'POST /caller/:token/position params.token',
  'POST /public/reports body.followToken',
  'POST /push/subscriptions body.endpoint',
  'POST /push/subscriptions body.keys.p256dh',
  'POST /push/subscriptions body.keys.auth',
  'DELETE /push/subscriptions body.endpoint',
  // Hashed and compared, never stored as given.
  'POST /devices/enrol body.code',
  // Twenty digits, then milsymbol's own check.
  'PUT /map/unit-symbols body.unitKinds[].sidc',
];

describe('every free-text field of every route', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp('sqlite');
  });
  afterEach(() => t.close());

  it('is built by the shared text schemas, which refuse control characters and broken Unicode', () => {
    const found: string[] = [];
    for (const route of t.routes) {
      for (const part of ['params', 'querystring', 'body'] as const)
        uncheckedStrings(route[part], `${route.method} ${route.url} ${part}`, found);
    }
    for (const [kind, params] of Object.entries(RULE_PARAMS)) uncheckedStrings(params, `rule ${kind}`, found);
    expect(found.filter((entry) => !NOT_FREE_TEXT.includes(entry))).toEqual([]);
  });
});
