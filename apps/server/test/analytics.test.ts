import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type TestApp } from './support';

const pageview = {
  trackingId: 'tab-1',
  path: '/command',
  timestamp: '2026-11-22T09:00:00.000Z',
  referrer: '',
  userAgent: 'Chromium',
  domain: 'localhost',
};
const performance = {
  trackingId: 'tab-1',
  name: 'LCP',
  value: 812.5,
  timestamp: 1795338466964,
  url: 'http://localhost/',
  userAgent: 'Chromium',
};
const error = {
  trackingId: 'tab-1',
  message: 'TypeError: x is undefined',
  filename: 'http://localhost/assets/index.js',
  line: 10,
  column: 4,
  stack: 'at f (index.js:10:4)',
  timestamp: 1795338466964,
  url: 'http://localhost/command',
  userAgent: 'Chromium',
};

describe.each(TEST_DIALECTS)('analytics intake on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  it.each([
    ['pageview', pageview],
    ['performance', performance],
    ['error', error],
  ] as const)('accepts and stores a %s payload', async (kind, payload) => {
    const response = await t.app.inject({ method: 'POST', url: `/analytics/${kind}`, payload });
    expect(response.statusCode).toBe(202);
    expect(await t.services.analytics.count(kind)).toBe(1);
  });

  it('records the signed-in user when there is one', async () => {
    const user = await createUser(t.services, { role: 'Field_Unit' });
    const client = await signIn(t.app, user.email);
    await client.request('POST', '/analytics/pageview', pageview);
    const row = await t.services.db.kysely.selectFrom('analytics_events').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, tracking_id: 'tab-1', site: 'main' });
    expect(JSON.parse(row.payload)).toEqual(pageview);
  });

  it.each([
    ['a missing trackingId', 'pageview', { ...pageview, trackingId: undefined }, 'trackingId'],
    ['an unknown field', 'pageview', { ...pageview, extra: 1 }, 'extra'],
    ['a non-numeric value', 'performance', { ...performance, value: 'fast' }, 'value'],
    ['an empty metric name', 'performance', { ...performance, name: '' }, 'name'],
    ['a negative line', 'error', { ...error, line: -1 }, 'line'],
  ])('rejects %s with a 400 naming the field, storing nothing', async (_case, kind, payload, field) => {
    const response = await t.app.inject({ method: 'POST', url: `/analytics/${kind}`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(field);
    expect(await t.services.analytics.count(kind as 'pageview')).toBe(0);
  });
});
