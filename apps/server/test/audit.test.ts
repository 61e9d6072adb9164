import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@argus/contracts/http/audit';
import { TEST_DIALECTS } from './databases';
import { callArguments, quotedStrings, serverSources } from './source-scan';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

describe('the labels of audit actions', () => {
  it('name every action the server appends, so the log and its filter show words rather than codes', () => {
    const calls = serverSources().flatMap((text) => callArguments(text, 'audit.append'));
    // The reader finds the server's calls (about fifty); a broken reader would find none and prove nothing.
    expect(calls.length).toBeGreaterThan(40);
    const unlabelled: string[] = [];
    for (const args of calls) {
      // In `test ? 'a' : 'b'` the actions are the branches, not what the test compares with.
      const action = args[1] ?? '';
      const actions = quotedStrings(action.includes('?') ? action.slice(action.indexOf('?') + 1) : action);
      // An action the reader cannot see (a variable) is reported too: it could be anything.
      if (actions.length === 0) unlabelled.push(`not a literal: ${args[1] ?? '(none)'}`);
      for (const action of actions) if (!Object.hasOwn(AUDIT_ACTION_LABELS, action)) unlabelled.push(action);
    }
    expect(unlabelled).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('the audit log for administrators on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let adminId: string;
  let unitEmail: string;
  let unitId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    const created = await createUser(t.services, { role: 'Command_Admin' });
    adminId = created.id;
    const unit = await createUser(t.services, { role: 'Field_Unit', email: 'unit_7@argus.test' });
    unitEmail = unit.email;
    unitId = unit.id;
    await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: unit.email, password: 'Wrong-Password-000' } });
    t.clock.advance(60_000);
    admin = await signIn(t.app, created.email);
  });
  afterEach(() => t.close());

  it('lists entries newest first with who did what to whom', async () => {
    const response = await admin.request('GET', '/audit');
    expect(response.statusCode).toBe(200);
    const { events, nextBefore } = response.json();
    expect(nextBefore).toBeNull();
    expect(events[0]).toMatchObject({ action: 'auth.login_success', actor: { id: adminId }, subject: { id: adminId } });
    expect(events.map((event: { seq: number }) => event.seq)).toEqual(
      [...events.map((event: { seq: number }) => event.seq)].sort((a, b) => b - a),
    );
    expect(events.find((event: { action: string }) => event.action === 'auth.login_failure')).toMatchObject({
      target: unitEmail,
      targetUser: null,
    });
  });

  it('names the user a target is, so the log can show a person rather than an id', async () => {
    expect((await admin.request('PATCH', `/users/${unitId}`, { is_active: false })).statusCode).toBe(200);
    const [deactivated] = (await admin.request('GET', '/audit?action=user.deactivate')).json().events;
    expect(deactivated).toMatchObject({ target: unitId, actor: { id: adminId }, targetUser: { id: unitId, email: unitEmail } });
    // Searching the target finds it by the name and address shown, not only by the stored id.
    const byName = (await admin.request('GET', `/audit?action=user.deactivate&q=${encodeURIComponent('UNIT_7@')}`)).json().events;
    expect(byName.map((event: { seq: number }) => event.seq)).toEqual([deactivated.seq]);
  });

  it('filters by action, actor, time and target text, and pages with a cursor', async () => {
    const byAction = (await admin.request('GET', '/audit?action=auth.login_failure')).json().events;
    expect(byAction).toHaveLength(1);
    expect(
      (await admin.request('GET', `/audit?actor=${adminId}`))
        .json()
        .events.every((event: { actor: { id: string } }) => event.actor.id === adminId),
    ).toBe(true);
    const recent = (await admin.request('GET', `/audit?from=${t.clock.now()}`)).json().events;
    expect(recent.map((event: { action: string }) => event.action)).toEqual(['auth.login_success']);
    expect((await admin.request('GET', `/audit?q=${encodeURIComponent('UNIT_7')}`)).json().events.length).toBeGreaterThan(0);
    // The search text is literal: % is a percent sign here, not "anything".
    expect((await admin.request('GET', `/audit?q=${encodeURIComponent('unit%7')}`)).json().events).toHaveLength(0);

    const first = (await admin.request('GET', '/audit?limit=2')).json();
    expect(first.events).toHaveLength(2);
    const second = (await admin.request('GET', `/audit?limit=2&before=${first.nextBefore}`)).json();
    expect(second.events[0].seq).toBeLessThan(first.events[1].seq);
  });

  it('refuses bad filters with a clear message, other roles with 403, and strangers with 401', async () => {
    const bad = await admin.request('GET', '/audit?action=drop.tables&limit=5000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Unknown audit action');
    const analyst = await createUser(t.services, { role: 'Intelligence_Analyst' });
    expect((await (await signIn(t.app, analyst.email, STRONG_PASSWORD)).request('GET', '/audit')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/audit/verify' })).statusCode).toBe(401);
  });

  it('verifies the chain and names the first entry that was altered', async () => {
    expect((await admin.request('GET', '/audit/verify')).json()).toMatchObject({ intact: true, brokenAt: null });
    await t.services.db.kysely.updateTable('audit_events').set({ target: 'someone-else@argus.test' }).where('seq', '=', 2).execute();
    expect((await admin.request('GET', '/audit/verify')).json()).toMatchObject({ intact: false, brokenAt: 2, reason: 'entry was altered' });
  });
});
