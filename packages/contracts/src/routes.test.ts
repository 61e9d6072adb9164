import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import { APP_ROUTES, canAccess, findRoute, routesFor } from './routes';

// The expected matrix, written out by hand from docs/specification.md section 2 with docs/decisions/0001-fieldunit-admits-field-unit.md
// and docs/decisions/0009-settings-for-every-signed-in-user.md,
// so a change to the route table has to be made twice to pass.
const EXTRA: Record<string, Role[] | 'everyone' | 'public'> = {
  '/': 'everyone',
  '/login': 'public',
  '/command': [],
  '/fieldunit': ['Field_Unit'],
  '/analyst': ['Intelligence_Analyst'],
  '/analytics': [],
  '/surveillance-network': [],
  '/civic-reporter': ['Civic_Reporter'],
  '/field-unit': ['Field_Unit'],
  '/evidence-review': [],
  '/settings': 'everyone',
  '/zone-import': [],
  '/ungoverned-zones': [],
  '/streaming-test': [],
  '/production': [],
  '/stream-settings': [],
};

describe('route access for every role and route', () => {
  it('has exactly the specification routes', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual(Object.keys(EXTRA).sort());
  });

  for (const route of APP_ROUTES) {
    for (const role of ROLES) {
      const rule = EXTRA[route.path]!;
      const expected =
        rule === 'public' || rule === 'everyone' || role === 'Super_Admin' || role === 'Command_Admin' || rule.includes(role);
      it(`${role} ${expected ? 'may' : 'may not'} open ${route.path}`, () => {
        expect(canAccess(route.access, role)).toBe(expected);
      });
    }
    it(`a signed-out visitor ${route.path === '/login' ? 'may' : 'may not'} open ${route.path}`, () => {
      expect(canAccess(route.access, null)).toBe(route.path === '/login');
    });
  }

  it('every route names its screen', () => {
    expect(findRoute('/command')?.title).toBe('Command Dashboard');
    expect(findRoute('/fieldunit')?.title).toBe('Field Unit Dashboard');
    expect(findRoute('/production')?.title).toBe('Production Dashboard');
  });

  it('lists the pages a role may open', () => {
    expect(routesFor('Civic_Reporter').map((route) => route.path)).toEqual(['/', '/civic-reporter', '/settings']);
    expect(routesFor('Command_Admin')).toHaveLength(APP_ROUTES.length - 1);
  });
});
