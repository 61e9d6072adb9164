import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_OPTIONS } from '../src/realtime/outbox';
import { TEST_DIALECTS } from './databases';
import { twoServers } from './two-servers';
import { RealtimeClient } from './realtime-support';
import { REDIS_URL, redisAnswers, servicesPresent } from './scale-out-support';
import { signInOver, startServer } from './server-processes';

/**
 * Issue 17's failover (docs/decisions/0053-an-outbox-for-every-event.md): reporters file through
 * process A and, when A does not answer, retry the same clientId on process B, while A is killed
 * (SIGKILL, nothing flushed) again and again. An analyst subscribed on B must see exactly one
 * report.created for every report that was acknowledged, including those A committed and died
 * before announcing. Real processes on one PostgreSQL and one Redis; skipped without them, except in CI.
 */
const ready = servicesPresent('the report failover test', {
  [`Redis at ${REDIS_URL}`]: await redisAnswers(),
  PostgreSQL: TEST_DIALECTS.includes('postgres'),
});

const KILLS = 4;
const WRITERS = 4;

describe.skipIf(!ready)('reports announced once across a node killed between commit and publish', () => {
  // The writers are one reporter filing as fast as the processes answer.
  const nodes = twoServers('postgres', ['Civic_Reporter', 'Intelligence_Analyst'], () => ({ RATE_LIMIT_SESSION_MAX: '1000000' }));
  let socket: RealtimeClient | undefined;
  afterAll(() => socket?.drop());

  it('gives the subscriber exactly one report.created per acknowledged report through repeated kill -9s', async () => {
    const analyst = await signInOver(nodes.b.baseUrl, nodes.emails[1]);
    const reporter = await signInOver(nodes.b.baseUrl, nodes.emails[0]);
    socket = await RealtimeClient.open(nodes.b.baseUrl, analyst.headers);
    await socket.subscribe(['reports']);

    const acknowledged = new Set<string>();
    const refused: number[] = [];
    let retriedOnB = 0;
    let writing = true;
    /** The report's id, or the status of an answer that is not one, or null when the process did not answer. */
    const fileOn = async (base: string, clientId: string): Promise<string | number | null> => {
      try {
        const answer = await reporter.send(base, '/reports', {
          clientId,
          kind: 'civic',
          category: 'flooding',
          description: 'Water over the road',
          location: { lat: 48.85, lon: 2.35 },
        });
        if (answer.status !== 201 && answer.status !== 200) return answer.status;
        return ((await answer.json()) as { report: { id: string } }).report.id;
      } catch {
        // The process died under the request, or is not there: the device retries elsewhere.
        return null;
      }
    };
    const writer = async () => {
      while (writing) {
        const clientId = randomUUID();
        let outcome = await fileOn(nodes.a.baseUrl, clientId);
        // B stays up: a device retrying there is answered, the first time or one of the next (a loaded machine drops some).
        for (let attempt = 0; typeof outcome !== 'string' && attempt < 50; attempt++) {
          if (typeof outcome === 'number') refused.push(outcome);
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
          retriedOnB += 1;
          outcome = await fileOn(nodes.b.baseUrl, clientId);
        }
        if (typeof outcome !== 'string')
          throw new Error(`B did not file a retried report (${String(outcome)}; refused: ${refused.join(', ')})`);
        acknowledged.add(outcome);
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, writer));
    for (let kill = 0; kill < KILLS; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const exited = new Promise((resolve) => nodes.a.child.once('exit', resolve));
      nodes.a.child.kill('SIGKILL');
      await exited;
      nodes.a = await startServer(nodes.env);
    }
    writing = false;
    await writers;

    const created = () => socket!.events('reports').filter((frame) => frame.type === 'report.created');
    const seen = () => new Set(created().map((frame) => (frame.data as { id: string }).id));
    // Reports A committed and never announced come from a relay past the grace period.
    await expect
      .poll(() => [...acknowledged].filter((id) => !seen().has(id)), { timeout: DEFAULT_OUTBOX_OPTIONS.graceMs * 4, interval: 200 })
      .toEqual([]);
    // Long enough for a second hand-over of any of them to have shown.
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_OUTBOX_OPTIONS.graceMs + 2 * DEFAULT_OUTBOX_OPTIONS.intervalMs));
    const ids = created().map((frame) => (frame.data as { id: string }).id);
    expect(ids.length).toBe(new Set(ids).size);
    expect(acknowledged.size).toBeGreaterThan(KILLS);
    console.info(
      `failover: ${acknowledged.size} reports acknowledged through ${KILLS} kill -9s, ${retriedOnB} retries on B, ${ids.length} report.created heard once each`,
    );
  }, 600_000);
});
