import { describe, expect, it } from 'vitest';
import { accessForPath, postLoginTarget, routeForPath, screenTitle } from './site-access';

describe('routeForPath', () => {
  it('uses the main route table on the main site', () => {
    expect(routeForPath('main', '/command')?.title).toBe('Command Dashboard');
    expect(routeForPath('main', '/nowhere')).toBeUndefined();
  });

  it('shows one screen on every path of the civic and field sites, except /login', () => {
    expect(routeForPath('civic', '/anything')?.path).toBe('/civic-reporter');
    expect(routeForPath('civic', '/')?.path).toBe('/civic-reporter');
    expect(routeForPath('field', '/command')?.path).toBe('/fieldunit');
    expect(routeForPath('field', '/login')?.path).toBe('/login');
  });

  it('has no route table on the gateway sites', () => {
    expect(accessForPath('api', '/command')).toEqual({ kind: 'public' });
    expect(accessForPath('stream', '/')).toEqual({ kind: 'public' });
  });
});

describe('postLoginTarget', () => {
  it('returns to the remembered page when the role may open it', () => {
    expect(postLoginTarget('main', 'Super_Admin', '/evidence-review?id=1')).toBe('/evidence-review?id=1');
    expect(postLoginTarget('main', 'Intelligence_Analyst', '/analyst')).toBe('/analyst');
  });

  it("falls back to the role's home otherwise (the specification's post-login destinations)", () => {
    expect(postLoginTarget('main', 'Field_Unit', '/command')).toBe('/fieldunit');
    expect(postLoginTarget('main', 'Civic_Reporter', null)).toBe('/civic-reporter');
    expect(postLoginTarget('main', 'Intelligence_Analyst', undefined)).toBe('/analyst');
    expect(postLoginTarget('main', 'Command_Admin', '/login')).toBe('/');
    expect(postLoginTarget('main', 'Super_Admin', '/no-such-page')).toBe('/');
  });

  it('keeps a user on the single-purpose site when their role fits it', () => {
    expect(postLoginTarget('civic', 'Civic_Reporter', '/')).toBe('/');
    expect(postLoginTarget('field', 'Field_Unit', null)).toBe('/fieldunit');
    expect(postLoginTarget('civic', 'Super_Admin', '/')).toBe('/');
  });

  it('returns null when the site has nothing for the role, so /login does not loop', () => {
    expect(postLoginTarget('civic', 'Field_Unit', '/')).toBeNull();
    expect(postLoginTarget('field', 'Intelligence_Analyst', null)).toBeNull();
  });
});

describe('screenTitle', () => {
  it('names the screen each site shows', () => {
    expect(screenTitle('main', '/')).toBe('Operations Home');
    expect(screenTitle('main', '/login')).toBe('Secure Sign In');
    expect(screenTitle('main', '/l/abc')).toBe('Share your location');
    expect(screenTitle('main', '/nope')).toBe('Page not found');
    expect(screenTitle('civic', '/nope')).toBe('Civic Reporter');
    expect(screenTitle('field', '/')).toBe('Field Unit Dashboard');
    expect(screenTitle('api', '/login')).toBe('API Gateway');
    expect(screenTitle('stream', '/')).toBe('Stream Gateway');
  });
});
