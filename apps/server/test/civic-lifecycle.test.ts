import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FOLLOW_TOKEN_HEADER } from '@argus/contracts/http/reports';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, sendOver, signIn, type Client, type TestApp } from './support';

const PLACE = { lat: 51.5072, lon: -0.1276, accuracy: 20 };
/** How long a reporter's status may take to be derived and published on a loaded machine. */
const RELAYED = { timeout: 10_000 };
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const newToken = () => randomBytes(32).toString('base64url');

/** The civic lifecycle and anonymous reports (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). */
describe.each(TEST_DIALECTS)('the civic lifecycle on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let unitId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { ANONYMOUS_REPORTS_PER_HOUR: '3' });
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    crew = await signIn(t.app, member.email);
    unitId = (await command.request('POST', '/units', { callsign: 'RESCUE-2', kind: 'rescue', members: [member.id] })).json().unit.id;
  });
  afterEach(() => t.close());

  /** A signed-in reporter files a flooding report at PLACE. */
  const fileFlood = async (civic: Client) =>
    (
      await civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'flooding',
        description: 'Flood',
        location: PLACE,
      })
    ).json().report;
  const fileAnonymously = (body: Record<string, unknown> = {}, address = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/public/reports',
      remoteAddress: address,
      payload: {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'fallen_tree',
        description: 'A tree is blocking the lane',
        location: PLACE,
        followToken: newToken(),
        ...body,
      },
    });
  const follow = (token: string) =>
    t.app.inject({ method: 'GET', url: '/public/reports/followed', headers: { [FOLLOW_TOKEN_HEADER]: token } });
  const followed = async (token: string) => (await follow(token)).json().report as { statusText: string; outcome: string | null };
  const milestone = (dispatchId: string, status: string) =>
    crew.request('POST', `/dispatches/${dispatchId}/status`, { clientId: randomUUID(), status });

  it('files a report without an account and follows it to "Closed" with the public outcome note', async () => {
    const token = newToken();
    const filed = await fileAnonymously({ followToken: token });
    expect(filed.statusCode).toBe(201);
    const report = filed.json().report;
    expect(report).toMatchObject({ statusText: 'Received', publicStage: 'received', outcome: null });
    expect(report.trackingCode).toMatch(/^RPT-/);
    // The follow page gets the public status only: no place, description or reporter.
    expect(Object.keys(report).sort()).toEqual([
      'category',
      'createdAt',
      'id',
      'outcome',
      'publicStage',
      'statusText',
      'trackingCode',
      'updatedAt',
    ]);
    expect(await followed(token)).toMatchObject({ statusText: 'Received' });
    // Triage sees it as any report, from nobody.
    const triaged = (await analyst.request('GET', `/reports/${report.id}`)).json().report;
    expect(triaged).toMatchObject({ reporterId: null, description: 'A tree is blocking the lane', status: 'submitted' });

    const verified = (await analyst.request('POST', `/reports/${report.id}/verify`, { title: 'Tree across the lane' })).json().report;
    expect(await followed(token)).toMatchObject({ statusText: 'Under review' });

    const dispatch = (await command.request('POST', `/incidents/${verified.incidentId}/dispatch`, { unitIds: [unitId] })).json()
      .dispatches[0];
    expect(await followed(token)).toMatchObject({ statusText: 'Responders notified' });
    await milestone(dispatch.id, 'en_route');
    expect(await followed(token)).toMatchObject({ statusText: 'Responders notified' });
    await milestone(dispatch.id, 'on_scene');
    expect(await followed(token)).toMatchObject({ statusText: 'Responders on scene' });
    await milestone(dispatch.id, 'cleared');

    const incident = (await command.request('GET', `/incidents/${verified.incidentId}`)).json().incident;
    const resolved = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'resolved',
      disposition: {
        code: 'resolved_by_unit',
        summary: 'Crew cut the trunk; council to collect.',
        publicNote: 'The tree was cleared and the lane is open.',
      },
      expectedUpdatedAt: incident.updatedAt,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().incident.disposition).toMatchObject({
      summary: 'Crew cut the trunk; council to collect.',
      publicNote: 'The tree was cleared and the lane is open.',
    });
    expect(await followed(token)).toEqual(
      expect.objectContaining({ statusText: 'Closed', outcome: 'The tree was cleared and the lane is open.' }),
    );
    // The internal summary never reaches the public.
    expect((await follow(token)).body).not.toContain('council to collect');
    const closing = (await command.request('GET', `/incidents/${incident.id}`)).json().incident;
    await command.request('PATCH', `/incidents/${incident.id}`, { status: 'closed', expectedUpdatedAt: closing.updatedAt });
    expect(await followed(token)).toMatchObject({ statusText: 'Closed', outcome: 'The tree was cleared and the lane is open.' });
  });

  it('tells a signed-in reporter of each step live, on their own channel only', async () => {
    const reporter = await createUser(t.services, { role: 'Civic_Reporter' });
    const civic = await signIn(t.app, reporter.email);
    const heard: OperationalEvent[] = [];
    const stop = t.services.events.listen((event) => {
      if (event.type === 'report.updated' && event.channels.includes(`user:${reporter.id}`)) heard.push(event);
    });
    const report = await fileFlood(civic);
    const verified = (await analyst.request('POST', `/reports/${report.id}/verify`)).json().report;
    // The reporter's status is derived from the incident after each change commits (report-progress.ts),
    // a few queries after the request answers: a fixed 20 ms wait was too short on PostgreSQL under load.
    const statusHeard = () => {
      const last = heard.at(-1);
      return last?.type === 'report.updated' ? last.data.statusText : undefined;
    };
    await expect.poll(statusHeard, RELAYED).toBe('Under review');
    const dispatch = (await command.request('POST', `/incidents/${verified.incidentId}/dispatch`, { unitIds: [unitId] })).json()
      .dispatches[0];
    await expect.poll(statusHeard, RELAYED).toBe('Responders notified');
    await milestone(dispatch.id, 'en_route');
    await milestone(dispatch.id, 'on_scene');
    await expect.poll(statusHeard, RELAYED).toBe('Responders on scene');
    // The events carry nothing for triage or for anyone else.
    expect(heard.every((event) => event.channels.length === 1)).toBe(true);
    // On return, the list says the same.
    expect((await civic.request('GET', `/reports/${report.id}`)).json().report).toMatchObject({ statusText: 'Responders on scene' });
    stop();
  });

  it('leaves a reporter with the latest status when the incident and its assignments change at once', async () => {
    const reporter = await createUser(t.services, { role: 'Civic_Reporter' });
    const civic = await signIn(t.app, reporter.email);
    const heard: string[] = [];
    const stop = t.services.events.listen((event) => {
      if (event.type === 'report.updated' && event.channels.includes(`user:${reporter.id}`)) heard.push(event.data.statusText);
    });
    const report = await fileFlood(civic);
    const incidentId = (await analyst.request('POST', `/reports/${report.id}/verify`)).json().report.incidentId as string;
    // Truly side by side: connections to a listening server, each change committing while others are read.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const dispatch = (await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).json().dispatches[0];
    const answers = await Promise.all([
      ...['en_route', 'on_scene'].map((status) =>
        sendOver(base, crew, 'POST', `/dispatches/${dispatch.id}/status`, { clientId: randomUUID(), status }),
      ),
      ...Array.from({ length: 4 }, (_, n) =>
        sendOver(base, command, 'PATCH', `/incidents/${incidentId}`, { title: `Flooding, update ${n}` }),
      ),
    ]);
    // Changes racing may meet a conflict (409); none may fail otherwise.
    expect(answers.map((answer) => answer.status).filter((status) => status !== 409 && (status < 200 || status > 299))).toEqual([]);

    // Whatever order they committed in, the last status the reporter heard is the report's status now
    // (an announcement still reading the older state when a later one ran would publish it last).
    const now = (await civic.request('GET', `/reports/${report.id}`)).json().report.statusText as string;
    await expect.poll(() => heard.at(-1), RELAYED).toBe(now);
    stop();
  });

  it('closes a rejected report with the reason, and a merged one follows the incident it joined', async () => {
    const rejectedToken = newToken();
    const rejected = (await fileAnonymously({ followToken: rejectedToken })).json().report;
    await analyst.request('POST', `/reports/${rejected.id}/reject`, { reason: 'The council already cleared this tree.' });
    expect(await followed(rejectedToken)).toMatchObject({ statusText: 'Closed', outcome: 'The council already cleared this tree.' });

    const first = (await fileAnonymously()).json().report;
    const incidentId = (await analyst.request('POST', `/reports/${first.id}/verify`)).json().report.incidentId;
    const mergedToken = newToken();
    const duplicate = (await fileAnonymously({ followToken: mergedToken })).json().report;
    await analyst.request('POST', `/reports/${duplicate.id}/merge`, { incidentId });
    expect(await followed(mergedToken)).toMatchObject({ statusText: 'Under review' });
    const dispatch = (await command.request('POST', `/incidents/${incidentId}/dispatch`, { unitIds: [unitId] })).json().dispatches[0];
    expect(await followed(mergedToken)).toMatchObject({ statusText: 'Responders notified' });
    // A recall takes it back: nobody is coming any more.
    await command.request('POST', `/dispatches/${dispatch.id}/cancel`, { reason: 'Needed elsewhere' });
    expect(await followed(mergedToken)).toMatchObject({ statusText: 'Under review' });
  });

  it('answers a wrong or malformed follow token with 404 or 400, and files once per clientId', async () => {
    const token = newToken();
    const clientId = randomUUID();
    const first = await fileAnonymously({ clientId, followToken: token });
    expect((await follow(newToken())).statusCode).toBe(404);
    expect((await follow(newToken())).json().error).toMatchObject({ code: 'not_found', message: 'No report follows this link.' });
    expect((await follow('short')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/public/reports/followed' })).statusCode).toBe(400);
    // The same report again (a retry) answers the first; another link with the same clientId is refused.
    const retry = await fileAnonymously({ clientId, followToken: token });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().report.id).toBe(first.json().report.id);
    expect((await fileAnonymously({ clientId, followToken: newToken() })).statusCode).toBe(409);
    expect((await fileAnonymously({ followToken: token })).statusCode).toBe(409);
    expect((await fileAnonymously({ kind: 'field' })).statusCode).toBe(400);
    // Only the token's hash is stored.
    const stored = await t.services.db.kysely
      .selectFrom('reports')
      .select('follow_token_hash')
      .where('id', '=', first.json().report.id)
      .executeTakeFirstOrThrow();
    expect(stored.follow_token_hash).not.toContain(token);
    expect(stored.follow_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('files one report when several race with one follow link, refusing the others with 409', async () => {
    const followToken = newToken();
    // Truly concurrent: connections to a listening server, not requests queued in-process. They all
    // come from one address, so no more of them than that address may file in an hour (3 here).
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        fetch(`${base}/public/reports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: randomUUID(),
            kind: 'civic',
            category: 'fallen_tree',
            description: 'A tree is blocking the lane',
            location: PLACE,
            followToken,
          }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.services.db.kysely.selectFrom('reports').select('id').where('follow_token_hash', 'is not', null).execute();
    expect(rows).toHaveLength(1);
  });

  it('limits reports per address, retries not counted, and lets the window pass', async () => {
    const clientId = randomUUID();
    const token = newToken();
    expect((await fileAnonymously({ clientId, followToken: token })).statusCode).toBe(201);
    expect((await fileAnonymously({ clientId, followToken: token })).statusCode).toBe(200);
    expect((await fileAnonymously()).statusCode).toBe(201);
    expect((await fileAnonymously()).statusCode).toBe(201);
    const refused = await fileAnonymously();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many reports from this address\. Try again in \d+ minutes?\.$/);
    // Another address has its own count.
    expect((await fileAnonymously({}, '198.51.100.4')).statusCode).toBe(201);
    const count = await t.services.db.kysely
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    t.clock.advance(60 * 60_000);
    expect((await fileAnonymously()).statusCode).toBe(201);
  });

  it('takes photos with the follow token only, stored as evidence like any civic photo', async () => {
    const token = newToken();
    const report = (await fileAnonymously({ followToken: token })).json().report;
    const put = (headers: Record<string, string>, id = report.id) =>
      t.app.inject({
        method: 'PUT',
        url: `/public/reports/${id}/photos/${randomUUID()}`,
        headers: { 'content-type': 'image/png', ...headers },
        payload: PNG,
      });
    expect((await put({ [FOLLOW_TOKEN_HEADER]: newToken() })).statusCode).toBe(404);
    const other = (await fileAnonymously()).json().report;
    expect((await put({ [FOLLOW_TOKEN_HEADER]: token }, other.id)).statusCode).toBe(404);
    const stored = await put({ [FOLLOW_TOKEN_HEADER]: token });
    expect(stored.statusCode).toBe(200);
    const seen = (await analyst.request('GET', `/reports/${report.id}`)).json().report;
    expect(seen.photos).toHaveLength(1);
    const evidence = (await command.request('GET', '/evidence')).json().items as { source: string; capturedBy: string | null }[];
    expect(evidence.filter((item) => item.source === 'civic_report').length).toBeGreaterThanOrEqual(1);
  });

  it('lets an administrator require accounts, refusing anonymous reports and changing nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/civic/settings' })).json().settings).toMatchObject({ anonymousReports: true });
    expect((await analyst.request('PATCH', '/civic/settings', { anonymousReports: false })).statusCode).toBe(403);
    expect((await command.request('PATCH', '/civic/settings', { anonymousReports: 'no' })).statusCode).toBe(400);
    const changed = await command.request('PATCH', '/civic/settings', { anonymousReports: false });
    expect(changed.json().settings).toMatchObject({ anonymousReports: false });
    const refused = await fileAnonymously();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This civic site takes reports from signed-in reporters only. Sign in or create an account to report.',
    );
    const count = await t.services.db.kysely
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    await command.request('PATCH', '/civic/settings', { anonymousReports: true });
    expect((await fileAnonymously()).statusCode).toBe(201);
  });
});
