import { describe, expect, it } from 'vitest';
import { ERRORS } from '@argus/contracts/errors';
import { TEST_DIALECTS } from './databases';
import { twoServers } from './two-servers';
import { REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';
import { signInOver } from './server-processes';

/**
 * Issue 17: what each server process kept to itself. Two real server processes on one database
 * and one Redis (docs/decisions/0064-limits-and-previews-shared-between-processes.md): the
 * request limits hold for both together under truly concurrent requests, and a zone-import
 * preview made through one is committed through the other, once. Without Redis these are
 * skipped with a warning, except in CI.
 */
const hasRedis = servicesPresent('the shared limits and previews tests', { [`Redis at ${REDIS_URL}`]: await redisAnswers() });

const PUBLIC_MAX = 6;
const SESSION_MAX = 10;

const AREA = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Sector 7' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [2.3, 48.8],
            [2.4, 48.8],
            [2.4, 48.9],
            [2.3, 48.8],
          ],
        ],
      },
    },
  ],
});

describe.skipIf(!hasRedis).each(TEST_DIALECTS)('limits and zone previews shared by two server processes on %s', (dialect) => {
  const nodes = twoServers(dialect, ['Command_Admin', 'Command_Admin', 'Command_Admin'], () => ({
    // The test speaks as a proxy would, so each test counts an address of its own.
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_PUBLIC_MAX: String(PUBLIC_MAX),
    RATE_LIMIT_SESSION_MAX: String(SESSION_MAX),
  }));

  it('lets one address make its public requests once between both processes, answering the rest as one process did', async () => {
    const address = '203.0.113.7';
    const answers = await Promise.all(
      Array.from({ length: 3 * PUBLIC_MAX }, (_, i) =>
        fetch(`${(i % 2 ? nodes.a : nodes.b).baseUrl}/status`, { headers: { 'x-forwarded-for': address } }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(PUBLIC_MAX);
    expect(refused).toHaveLength(2 * PUBLIC_MAX);
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get('x-ratelimit-limit')).toBe(String(PUBLIC_MAX));
      expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(((await answer.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'rate_limited',
        message: ERRORS.rate_limited.message,
      });
    }
    // Another address has its own budget.
    expect((await fetch(`${nodes.a.baseUrl}/status`, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status).toBe(200);
  });

  it('lets one session make its requests once between both processes', async () => {
    const user = await signInOver(nodes.a.baseUrl, nodes.emails[0]);
    const answers = await Promise.all(
      Array.from({ length: 3 * SESSION_MAX }, (_, i) => fetch(`${(i % 2 ? nodes.a : nodes.b).baseUrl}/auth/me`, { headers: user.headers })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(SESSION_MAX);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2 * SESSION_MAX);
  });

  it('commits through one process the zone preview made through the other, once of two racing commits, and only for its owner', async () => {
    const owner = await signInOver(nodes.a.baseUrl, nodes.emails[1]);
    const other = await signInOver(nodes.b.baseUrl, nodes.emails[2]);
    const preview = await owner.upload(nodes.a.baseUrl, '/zones/import/preview?filename=sectors.geojson', Buffer.from(AREA));
    expect(preview.status).toBe(200);
    const { previewId } = (await preview.json()) as { previewId: string };

    // Another user, through either process: the same answer as for no preview at all.
    const stranger = await other.send(nodes.b.baseUrl, '/zones/import', { previewId, nameField: 'name' });
    expect(stranger.status).toBe(404);

    const commits = await Promise.all(
      [nodes.a, nodes.b].map((node) => owner.send(node.baseUrl, '/zones/import', { previewId, nameField: 'name' })),
    );
    expect(commits.map((answer) => answer.status).sort()).toEqual([201, 404]);
    const lost = commits.find((answer) => answer.status === 404)!;
    expect(((await lost.json()) as { error: { message: string } }).error.message).toBe(
      'This preview has expired or was already imported. Upload the file again.',
    );
    const zones = (await (await fetch(`${nodes.b.baseUrl}/zones?active=all`, { headers: owner.headers })).json()) as {
      zones: { name: string }[];
    };
    expect(zones.zones.map((zone) => zone.name)).toEqual(['Sector 7']);
  });
});
