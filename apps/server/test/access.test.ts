import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@argus/contracts/errors';
import { mayAssignRole, mayManageAccount } from '@argus/contracts/policies/accounts';
import { ROLES, type Role } from '@argus/contracts/roles';
import type { DeclaredRoute } from '../src/plugins/types';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

/**
 * The authorisation matrix, generated from the routes the server declares: every
 * API route is called as every role and signed out, and the server's answer must
 * follow the route's declared access (403 for a role outside it, 401 signed out).
 */
describe.each(TEST_DIALECTS)('role checks on every API route on %s', (dialect) => {
  let t: TestApp;
  const routes: DeclaredRoute[] = [];
  const clients = new Map<Role, Client>();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const role of ROLES) {
      const user = await createUser(t.services, { role });
      clients.set(role, await signIn(t.app, user.email));
    }
    routes.push(...t.routes);
  });
  afterAll(() => t.close());

  it('finds the declared routes', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/users', access: ['Super_Admin', 'Command_Admin'] }));
  });

  it('answers every route as its access rule says, for every role and signed out', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(':id', 'no-such-id');
      const payload = route.method === 'GET' ? undefined : {};
      const anonymous = await t.app.inject({ method: route.method as 'GET', url, ...(payload && { payload }) });
      if (route.access !== 'public' && anonymous.statusCode !== 401 && anonymous.statusCode !== 403) {
        failures.push(`${route.method} ${route.url} signed out answered ${anonymous.statusCode}`);
      }
      if (route.access === 'public' && [401, 403].includes(anonymous.statusCode)) {
        failures.push(`${route.method} ${route.url} is public but answered ${anonymous.statusCode}`);
      }
      if (!Array.isArray(route.access)) continue;
      for (const role of ROLES) {
        const response = await clients.get(role)!.request(route.method as 'GET', url, payload);
        const allowed = route.access.includes(role);
        if (allowed && response.statusCode === 403) failures.push(`${role} refused on ${route.method} ${route.url}`);
        if (!allowed && response.statusCode !== 403) {
          failures.push(`${role} got ${response.statusCode} on ${route.method} ${route.url}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** The roles a declared route admits; none for a route open to anyone signed in or not. */
function admittedRoles(routes: DeclaredRoute[], method: string, url: string): readonly string[] {
  const route = routes.find((candidate) => candidate.method === method && candidate.url === url);
  if (!route) throw new Error(`${method} ${url} is not declared`);
  return Array.isArray(route.access) ? route.access : [];
}

interface AccountAttempt {
  method: 'POST' | 'PATCH';
  url: string;
  payload: object;
}

/** One thing an administrator may try on another account, and what the account policy says of it. */
interface AccountAction {
  allowed(actor: Role, target: Role): boolean;
  /** Makes the account(s) it acts on, and answers the request that tries it. */
  attempt(target: Role): Promise<AccountAttempt>;
  status: number;
  refusal: ErrorCode;
}

/**
 * What one administrator may do to another account, generated from the roles and the account
 * policy: every role that may call the users routes tries every action on an account of every
 * role, and the server allows it or refuses it (403, nothing changed) as the policy says.
 */
describe.each(TEST_DIALECTS)('what one administrator may do to another account on %s', (dialect) => {
  let t: TestApp;
  let managers: Role[] = [];
  const clients = new Map<Role, { client: Client; id: string }>();
  let made = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    managers = ROLES.filter((role) =>
      (
        [
          ['POST', '/users'],
          ['PATCH', '/users/:id'],
        ] as const
      ).every(([method, url]) => admittedRoles(t.routes, method, url).includes(role)),
    );
    for (const role of managers) {
      const user = await createUser(t.services, { role });
      clients.set(role, { client: await signIn(t.app, user.email), id: user.id });
    }
  });
  afterAll(() => t.close());

  /** A role other than `role`, the lowest, so that changing to it is never a promotion in itself. */
  const otherThan = (role: Role): Role => ROLES.findLast((candidate) => candidate !== role)!;
  const account = (role: Role, isActive = true) => createUser(t.services, { role, is_active: isActive });
  const patch = async (target: Role, payload: object, isActive = true): Promise<AccountAttempt> => ({
    method: 'PATCH',
    url: `/users/${(await account(target, isActive)).id}`,
    payload,
  });

  const actions: Record<string, AccountAction> = {
    'create an account of role': {
      allowed: mayAssignRole,
      attempt: async (target) => {
        made += 1;
        return {
          method: 'POST',
          url: '/users',
          payload: { email: `made.${made}@argus.test`, full_name: `Made ${made}`, role: target, password: STRONG_PASSWORD },
        };
      },
      status: 201,
      refusal: 'super_admin_only',
    },
    'promote an account to': {
      allowed: (actor, target) => mayManageAccount(actor, otherThan(target)) && mayAssignRole(actor, target),
      attempt: async (target) => ({ method: 'PATCH', url: `/users/${(await account(otherThan(target))).id}`, payload: { role: target } }),
      status: 200,
      refusal: 'super_admin_only',
    },
    'change the role of': {
      allowed: (actor, target) => mayManageAccount(actor, target) && mayAssignRole(actor, otherThan(target)),
      attempt: (target) => patch(target, { role: otherThan(target) }),
      status: 200,
      refusal: 'super_admin_only',
    },
    rename: {
      allowed: mayManageAccount,
      attempt: (target) => patch(target, { full_name: 'Someone Else' }),
      status: 200,
      refusal: 'super_admin_only',
    },
    deactivate: {
      allowed: mayManageAccount,
      attempt: (target) => patch(target, { is_active: false }),
      status: 200,
      refusal: 'super_admin_only',
    },
    reactivate: {
      allowed: mayManageAccount,
      attempt: (target) => patch(target, { is_active: true }, false),
      status: 200,
      refusal: 'super_admin_only',
    },
    'switch to': {
      allowed: mayManageAccount,
      attempt: async (target) => ({ method: 'POST', url: '/auth/switch', payload: { userId: (await account(target)).id } }),
      status: 200,
      refusal: 'switch_not_allowed',
    },
  };

  it('finds the roles that may call the users routes', () => {
    expect(managers).toContain('Command_Admin');
  });

  it.each(Object.keys(actions))('%s: allowed, or refused with 403 and nothing changed, as the account policy says', async (name) => {
    const action = actions[name]!;
    const failures: string[] = [];
    for (const actor of managers) {
      const { client, id } = clients.get(actor)!;
      for (const target of ROLES) {
        const attempt = await action.attempt(target);
        const before = await t.services.users.list();
        const response = await client.request(attempt.method, attempt.url, attempt.payload);
        const label = `${actor} may${action.allowed(actor, target) ? '' : ' not'} ${name} ${target}`;
        if (action.allowed(actor, target)) {
          if (response.statusCode !== action.status) failures.push(`${label}, but got ${response.statusCode} ${response.body}`);
          if (attempt.url === '/auth/switch') await client.request('POST', '/auth/switch-back');
          continue;
        }
        const error = response.json().error as { code?: string; message?: string } | undefined;
        if (response.statusCode !== 403 || error?.code !== action.refusal) {
          failures.push(`${label}, but got ${response.statusCode} ${response.body}`);
        }
        if (!isDeepStrictEqual(await t.services.users.list(), before)) failures.push(`${label}: refused, but the users changed`);
        const me = await client.request('GET', '/auth/me');
        if (me.json().user?.id !== id) failures.push(`${label}: refused, but the session is now ${me.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
