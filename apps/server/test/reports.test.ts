import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const PLACE = { lat: 48.8566, lon: 2.3522, accuracy: 30 };
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe.each(TEST_DIALECTS)('reports on %s', (dialect) => {
  let t: TestApp;
  let civic: Client;
  let analyst: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
  });
  afterEach(() => t.close());

  const file = (client: Client, body: Record<string, unknown> = {}) =>
    client.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: 'flooding',
      description: 'Water over the road',
      location: PLACE,
      ...body,
    });

  it('files once per clientId and answers a tracking code and a plain status', async () => {
    const clientId = randomUUID();
    const first = await file(civic, { clientId });
    expect(first.statusCode).toBe(201);
    expect(first.json().report).toMatchObject({ status: 'submitted', statusText: 'Received', location: PLACE });
    expect(first.json().report.trackingCode).toMatch(/^RPT-[A-HJ-KM-NP-Z2-9]{8}$/);
    const retry = await file(civic, { clientId, description: 'typed again' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().report.id).toBe(first.json().report.id);
    expect((await civic.request('GET', '/reports')).json().reports).toHaveLength(1);
    // Someone else reusing the id is refused, not handed the first report.
    expect((await file(analyst, { clientId })).statusCode).toBe(409);
  });

  it('shows reporters their own reports only, and lets analysts see all', async () => {
    await file(civic);
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    await file(other);
    expect((await civic.request('GET', '/reports')).json().reports).toHaveLength(1);
    expect((await analyst.request('GET', '/reports')).json().reports).toHaveLength(2);
    expect((await file(civic, { kind: 'field' })).json().error.message).toBe('Civic reporters file civic reports.');
  });

  it('filters by status, kind, category, time and bounding box, and pages with a cursor', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      t.clock.advance(1_000);
      ids.push(
        (await file(civic, { category: index % 2 ? 'fire' : 'flooding', location: { lat: 10 + index, lon: 179.5 } })).json().report.id,
      );
    }
    const list = async (query: string) => (await analyst.request('GET', `/reports?${query}`)).json();
    expect((await list('category=fire')).reports).toHaveLength(2);
    expect((await list('status=submitted,under_review')).reports).toHaveLength(5);
    expect((await list('status=rejected')).reports).toHaveLength(0);
    expect((await list(`from=${t.clock.now() - 1_500}`)).reports.map((report: { id: string }) => report.id)).toEqual([ids[4], ids[3]]);
    // Across the antimeridian: west 179, east -179.
    expect((await list('bbox=11.5,179,13.5,-179')).reports).toHaveLength(2);

    const first = await list('limit=2');
    expect(first.reports.map((report: { id: string }) => report.id)).toEqual([ids[4], ids[3]]);
    const second = await list(`limit=2&cursor=${first.nextCursor}`);
    expect(second.reports.map((report: { id: string }) => report.id)).toEqual([ids[2], ids[1]]);
    const last = await list(`limit=2&cursor=${second.nextCursor}`);
    expect(last).toMatchObject({ reports: [{ id: ids[0] }], nextCursor: null });
    expect((await analyst.request('GET', '/reports?cursor=nonsense')).statusCode).toBe(400);
    expect((await analyst.request('GET', '/reports?status=lost')).statusCode).toBe(400);
  });

  it('verifies a report into a new incident opened from it, or onto an open incident', async () => {
    const a = (await file(civic)).json().report;
    const verified = (await analyst.request('POST', `/reports/${a.id}/verify`, { title: 'Road flooded', severity: 'high' })).json().report;
    // Verified is not yet "Responders notified": no unit is assigned (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
    expect(verified).toMatchObject({ status: 'verified', statusText: 'Under review', publicStage: 'under_review' });
    const incident = (await analyst.request('GET', `/incidents/${verified.incidentId}`)).json().incident;
    expect(incident).toMatchObject({
      title: 'Road flooded',
      severity: 'high',
      category: 'flooding',
      location: PLACE,
      source: `civic report ${a.trackingCode}`,
    });
    const entries = (await analyst.request('GET', `/incidents/${incident.id}/timeline`)).json().entries;
    expect(entries.map((entry: { kind: string }) => entry.kind)).toEqual(['report.filed', 'incident.created', 'report.verified']);

    const b = (await file(civic)).json().report;
    expect((await analyst.request('POST', `/reports/${b.id}/verify`, { incidentId: incident.id })).json().report).toMatchObject({
      status: 'verified',
      incidentId: incident.id,
    });
    // Resolving is command's (docs/decisions/0035-incident-management.md).
    const command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const resolved = await command.request('PATCH', `/incidents/${incident.id}`, {
      status: 'resolved',
      disposition: { code: 'resolved_by_unit', summary: 'Handled on scene.' },
    });
    expect(resolved.statusCode).toBe(200);
    const c = (await file(civic)).json().report;
    const late = await analyst.request('POST', `/reports/${c.id}/verify`, { incidentId: incident.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('The incident is resolved; attach the report to an open incident.');
    expect((await analyst.request('GET', `/reports/${c.id}`)).json().report.status).toBe('submitted');
  });

  it('lets one analyst triage a report at a time, for two renewable minutes, and command break the lock', async () => {
    const report = (await file(civic)).json().report;
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst', full_name: 'Other Analyst' })).email);
    const supervisor = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);

    const locked = (await analyst.request('POST', `/reports/${report.id}/lock`)).json().report;
    expect(locked.status).toBe('under_review');
    expect(locked.lock).toMatchObject({ expiresAt: t.clock.now() + 120_000 });
    expect((await civic.request('GET', `/reports/${report.id}`)).json().report).toMatchObject({ statusText: 'Under review', lock: null });
    expect((await other.request('POST', `/reports/${report.id}/lock`)).statusCode).toBe(409);
    expect((await other.request('POST', `/reports/${report.id}/reject`, { reason: 'no' })).statusCode).toBe(409);
    expect((await other.request('DELETE', `/reports/${report.id}/lock`)).statusCode).toBe(409);
    expect((await other.request('DELETE', `/reports/${report.id}/lock?force=true`)).statusCode).toBe(403);

    t.clock.advance(121_000);
    expect((await other.request('POST', `/reports/${report.id}/lock`)).json().report.lock.holderName).toBe('Other Analyst');
    expect((await supervisor.request('DELETE', `/reports/${report.id}/lock?force=true`)).json().report.lock).toBeNull();
    expect((await analyst.request('POST', `/reports/${report.id}/reject`, { reason: 'Not in our area' })).json().report.status).toBe(
      'rejected',
    );
  });

  it('stores photos checked by their bytes, once per device-made id, for the reporter and triage only', async () => {
    const report = (await file(civic)).json().report;
    const photoId = randomUUID();
    const put = (client: Client, id: string, bytes: Buffer, type = 'image/png') =>
      client.request('PUT', `/reports/${report.id}/photos/${id}`, bytes, { 'content-type': type });

    const stored = await put(civic, photoId, PNG);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().photo).toMatchObject({ id: photoId, mime: 'image/png', size: PNG.length });
    expect(stored.json().photo.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await put(civic, photoId, PNG)).json().photo).toEqual(stored.json().photo);
    expect((await civic.request('GET', `/reports/${report.id}`)).json().report.photos).toHaveLength(1);

    const text = await put(civic, randomUUID(), Buffer.from('not a picture at all'), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe('The file is not a JPEG, PNG or WebP photo.');
    expect((await put(civic, randomUUID(), PNG, 'image/jpeg')).json().error.message).toBe(
      'The file is a image/png photo but was sent as image/jpeg.',
    );
    expect((await put(civic, randomUUID(), PNG, 'application/pdf')).statusCode).toBe(415);
    expect((await put(analyst, randomUUID(), PNG)).statusCode).toBe(404);

    const read = await analyst.request('GET', `/reports/${report.id}/photos/${photoId}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
    const stranger = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    expect((await stranger.request('GET', `/reports/${report.id}/photos/${photoId}`)).statusCode).toBe(404);
  });

  it('suggests likely duplicates by place, time and words, and open incidents nearby', async () => {
    const report = (await file(civic, { description: 'Water over the road near the bridge' })).json().report;
    const twin = (await file(civic, { description: 'Road under water by the bridge', location: { lat: 48.857, lon: 2.353 } })).json()
      .report;
    await file(civic, { description: 'Water over the road near the bridge', location: { lat: 48.95, lon: 2.35 } });
    // Next door and at the same moment, but another kind of report in other words: not the same event.
    await file(civic, { category: 'noise', description: 'Loud music from a party', location: { lat: 48.8567, lon: 2.3524 } });
    const near = (
      await analyst.request('POST', '/incidents', {
        title: 'Flooding',
        category: 'flood',
        severity: 'medium',
        location: { lat: 48.86, lon: 2.36 },
      })
    ).json().incident;
    await analyst.request('POST', '/incidents', {
      title: 'Far away',
      category: 'flood',
      severity: 'medium',
      location: { lat: 45, lon: 2 },
    });

    const answer = (await analyst.request('GET', `/reports/${report.id}/nearby`)).json();
    expect(answer.reports.map((candidate: { report: { id: string } }) => candidate.report.id)).toEqual([twin.id]);
    expect(answer.reports[0].distanceM).toBeLessThan(100);
    expect(answer.reports[0].similarity).toBeGreaterThan(0.2);
    // Why it is suggested travels with it.
    expect(answer.reports[0]).toMatchObject({ sameCategory: true, sharedWords: ['bridge', 'road', 'water'] });
    expect(answer.reports[0].score).toBeGreaterThanOrEqual(0.5);
    expect(answer.incidents.map((candidate: { incident: { id: string } }) => candidate.incident.id)).toEqual([near.id]);
    expect((await civic.request('GET', `/reports/${report.id}/nearby`)).statusCode).toBe(403);
  });

  it('takes one final verdict: verify, reject with a reason, or merge into an incident', async () => {
    const a = (await file(civic)).json().report;
    const b = (await file(civic)).json().report;
    const c = (await file(civic)).json().report;
    expect((await civic.request('POST', `/reports/${a.id}/verify`)).statusCode).toBe(403);
    expect((await analyst.request('POST', `/reports/${a.id}/verify`)).json().report).toMatchObject({
      status: 'verified',
      statusText: 'Under review',
    });
    expect((await analyst.request('POST', `/reports/${a.id}/reject`, { reason: 'duplicate' })).json().error).toMatchObject({
      code: 'conflict',
      message: 'This report was already verified; a verdict is final.',
    });
    expect((await analyst.request('POST', `/reports/${b.id}/reject`, { reason: '' })).statusCode).toBe(400);
    expect((await analyst.request('POST', `/reports/${b.id}/reject`, { reason: 'Not in our area' })).json().report).toMatchObject({
      status: 'rejected',
      rejectReason: 'Not in our area',
      statusText: 'Closed',
      outcome: 'Not in our area',
    });

    const incident = (
      await analyst.request('POST', '/incidents', { title: 'Flooding', category: 'flood', severity: 'medium', location: PLACE })
    ).json().incident;
    expect((await analyst.request('POST', `/reports/${c.id}/merge`, { incidentId: 'no-such' })).statusCode).toBe(404);
    expect((await analyst.request('POST', `/reports/${c.id}/merge`, { incidentId: incident.id })).json().report).toMatchObject({
      status: 'merged',
      incidentId: incident.id,
    });
    const timeline = (await analyst.request('GET', `/incidents/${incident.id}/timeline`)).json().entries;
    // The burst of flooding reports also raised an alert, which the timeline holds beside the merge.
    expect(timeline.find((entry: { kind: string }) => entry.kind === 'report.merged')).toMatchObject({
      detail: { reportId: c.id, trackingCode: c.trackingCode },
    });
  });
});
