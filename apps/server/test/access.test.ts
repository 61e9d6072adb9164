import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@argus/contracts/roles';
import type { DeclaredRoute } from '../src/plugins/types';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

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
