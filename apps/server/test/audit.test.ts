import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@argus/contracts/http/audit';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the list of audit actions', () => {
  it('names every action the server appends, so the filter can offer it', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcRoot)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/'((?:auth|mfa|user)\.[a-z_]+)'/g)) used.add(match[1]!);
    }
    expect([...used].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('the audit log for administrators on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let adminId: string;
  let unitEmail: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    const created = await createUser(t.services, { role: 'Command_Admin' });
    adminId = created.id;
    const unit = await createUser(t.services, { role: 'Field_Unit', email: 'unit_7@argus.test' });
    unitEmail = unit.email;
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
    expect(events.find((event: { action: string }) => event.action === 'auth.login_failure')).toMatchObject({ target: unitEmail });
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
