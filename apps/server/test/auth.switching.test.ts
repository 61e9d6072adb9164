import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type TestApp } from './support';

describe.each(TEST_DIALECTS)('switching users on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  async function people() {
    const superAdmin = await createUser(t.services, { role: 'Super_Admin', full_name: 'Sam Super' });
    const commander = await createUser(t.services, { role: 'Command_Admin', full_name: 'Cora Command' });
    const analyst = await createUser(t.services, { role: 'Intelligence_Analyst', full_name: 'Ana Lyst' });
    const retired = await createUser(t.services, { role: 'Field_Unit', full_name: 'Rita Retired', is_active: false });
    return { superAdmin, commander, analyst, retired };
  }

  it('lists all active users except the administrator', async () => {
    const { commander, superAdmin, analyst } = await people();
    const client = await signIn(t.app, commander.email);
    const response = await client.request('GET', '/users/active');
    expect(response.statusCode).toBe(200);
    const ids = response
      .json()
      .users.map((user: { id: string }) => user.id)
      .sort();
    expect(ids).toEqual([superAdmin.id, analyst.id].sort());
  });

  it('switches to an active user, shows who is behind it, and switches back', async () => {
    const { commander, analyst } = await people();
    const client = await signIn(t.app, commander.email);
    const switched = await client.request('POST', '/auth/switch', { userId: analyst.id });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().user.id).toBe(analyst.id);
    expect(switched.json().session.originalUser.id).toBe(commander.id);

    // The API now applies the analyst's role, not the administrator's.
    expect((await client.request('GET', '/users')).statusCode).toBe(403);
    expect((await client.request('GET', '/auth/me')).json().user.role).toBe('Intelligence_Analyst');
    // Still the administrator behind it: they may list and switch on.
    expect((await client.request('GET', '/users/active')).statusCode).toBe(200);

    const back = await client.request('POST', '/auth/switch-back');
    expect(back.statusCode).toBe(200);
    expect(back.json().user.id).toBe(commander.id);
    expect(back.json().session.originalUser).toBeNull();
    expect((await client.request('POST', '/auth/switch-back')).json().error.code).toBe('not_switched');
  });

  it('refuses non-administrators with the specification texts', async () => {
    const { analyst, commander } = await people();
    const client = await signIn(t.app, analyst.email);
    for (const [method, url, body] of [
      ['GET', '/users/active', undefined],
      ['POST', '/auth/switch', { userId: commander.id }],
    ] as const) {
      const response = await client.request(method, url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'not_admin', message: 'Only administrators can switch users' });
    }
  });

  it('refuses missing, inactive and higher-ranked targets', async () => {
    const { commander, retired, superAdmin } = await people();
    const client = await signIn(t.app, commander.email);
    const missing = await client.request('POST', '/auth/switch', { userId: 'no-such-user' });
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, 'Target user not found']);
    const inactive = await client.request('POST', '/auth/switch', { userId: retired.id });
    expect([inactive.statusCode, inactive.json().error.message]).toEqual([409, 'Cannot switch to inactive user']);
    const upward = await client.request('POST', '/auth/switch', { userId: superAdmin.id });
    expect([upward.statusCode, upward.json().error.code]).toEqual([403, 'switch_not_allowed']);
    const empty = await client.request('POST', '/auth/switch', {});
    expect(empty.statusCode).toBe(400);
  });

  it('ends a switched session once its administrator may no longer switch to that account', async () => {
    const { superAdmin } = await people();
    const other = await createUser(t.services, { role: 'Super_Admin', full_name: 'Sol Super' });
    const client = await signIn(t.app, superAdmin.email);
    expect((await client.request('POST', '/auth/switch', { userId: other.id })).statusCode).toBe(200);
    // Demoted while operating as a Super_Admin: a Command_Admin must not go on being one.
    await t.services.users.update(superAdmin.id, { role: 'Command_Admin' }, OPERATOR, SYSTEM_CONTEXT);
    expect((await client.request('GET', '/auth/me')).statusCode).toBe(401);
  });

  it('records every switch in the hash-chained audit log and detects tampering', async () => {
    const { superAdmin, commander } = await people();
    const client = await signIn(t.app, superAdmin.email);
    await client.request('POST', '/auth/switch', { userId: commander.id });
    await client.request('POST', '/auth/switch-back');
    const [back, switched] = await t.services.audit.latest(2);
    expect(switched).toMatchObject({ action: 'auth.switch', actor_id: superAdmin.id, target: commander.id });
    expect(back).toMatchObject({ action: 'auth.switch_back', actor_id: superAdmin.id, target: commander.id });
    expect((await t.services.audit.verify()).brokenAt).toBeNull();

    await t.services.db.kysely.updateTable('audit_events').set({ target: 'someone-else' }).where('seq', '=', switched!.seq).execute();
    expect(await t.services.audit.verify()).toMatchObject({ brokenAt: switched!.seq, reason: 'entry was altered' });
  });

  it('detects a deleted tail of the audit log', async () => {
    const { superAdmin } = await people();
    await signIn(t.app, superAdmin.email);
    const [last] = await t.services.audit.latest(1);
    await t.services.db.kysely.deleteFrom('audit_events').where('seq', '=', last!.seq).execute();
    expect((await t.services.audit.verify()).brokenAt).toBe(last!.seq);
  });
});
