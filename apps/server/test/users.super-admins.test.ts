import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, sendOver, signInNewUser, type Client, type TestApp } from './support';

/** Rounds of the race: each pits two fresh Super_Admins against each other. */
const ROUNDS = 6;

describe.each(TEST_DIALECTS)('Super_Admin accounts on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const activeSuperAdmins = async () =>
    (await t.services.users.list()).filter((user) => user.role === 'Super_Admin' && user.is_active === 1).map((user) => user.id);

  it('cannot be made by a Command_Admin to get into the real Super_Admin', async () => {
    const real = await createUser(t.services, { role: 'Super_Admin' });
    const { client } = await signInNewUser(t, 'Command_Admin');
    const made = await client.request('POST', '/users', {
      email: 'mine@argus.test',
      full_name: 'Mine',
      role: 'Super_Admin',
      password: STRONG_PASSWORD,
    });
    expect(made.statusCode).toBe(403);
    expect(made.json().error).toEqual({ code: 'super_admin_only', message: expect.stringContaining('Only a Super Admin') });
    expect(await t.services.users.list()).not.toContainEqual(expect.objectContaining({ email: 'mine@argus.test' }));
    expect(await activeSuperAdmins()).toEqual([real.id]);
  });

  it('keeps the last active one: not deactivated, not demoted, not even by the operator', async () => {
    const last = await createUser(t.services, { role: 'Super_Admin' });
    // An inactive Super_Admin does not count.
    await createUser(t.services, { role: 'Super_Admin', is_active: false });
    const before = await t.services.users.list();
    await expect(t.services.users.deactivateByEmail(last.email, OPERATOR, SYSTEM_CONTEXT)).rejects.toMatchObject({
      code: 'last_super_admin',
    });
    await expect(t.services.users.setRoleByEmail(last.email, 'Command_Admin', OPERATOR, SYSTEM_CONTEXT)).rejects.toMatchObject({
      code: 'last_super_admin',
    });
    expect(await t.services.users.list()).toEqual(before);

    // With a second one active, the first may go; then the second is the last.
    const second = await createUser(t.services, { role: 'Super_Admin' });
    expect((await t.services.users.deactivateByEmail(last.email, OPERATOR, SYSTEM_CONTEXT)).is_active).toBe(0);
    await expect(t.services.users.setRoleByEmail(second.email, 'Field_Unit', OPERATOR, SYSTEM_CONTEXT)).rejects.toMatchObject({
      code: 'last_super_admin',
    });
    expect(await activeSuperAdmins()).toEqual([second.id]);
  });

  it('keeps one active when two Super_Admins deactivate or demote each other at the same moment', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const patch = (client: Client, id: string, body: object) => sendOver(origin, client, 'PATCH', `/users/${id}`, body);
    for (let round = 0; round < ROUNDS; round += 1) {
      const a = await signInNewUser(t, 'Super_Admin');
      const b = await signInNewUser(t, 'Super_Admin');
      // The survivor of the last round steps aside, so these two are the only active ones.
      for (const id of await activeSuperAdmins()) {
        if (id !== a.user.id && id !== b.user.id) await t.services.users.update(id, { is_active: false }, OPERATOR, SYSTEM_CONTEXT);
      }
      const change = round % 2 === 0 ? { is_active: false } : { role: 'Command_Admin' };
      const answers = await Promise.all([patch(a.client, b.user.id, change), patch(b.client, a.user.id, change)]);
      expect(await activeSuperAdmins()).toHaveLength(1);
      // One wins; the other is refused as the last, or finds its own session already ended or demoted.
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toContain(200);
      expect([401, 403, 409]).toContain(statuses.find((status) => status !== 200));
    }
  });
});
