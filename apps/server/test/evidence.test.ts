import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import exifr from 'exifr';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { jpegWithGps, PNG, pngOfSize } from './evidence-fixtures';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const PLACE = { lat: 48.8566, lon: 2.3522, accuracy: 30 };
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(TEST_DIALECTS)('evidence on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let field: Client;
  let fieldId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { EVIDENCE_MAX_BYTES: String(4 * 1024 * 1024) });
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    const fieldUser = await createUser(t.services, { role: 'Field_Unit' });
    fieldId = fieldUser.id;
    field = await signIn(t.app, fieldUser.email);
  });
  afterEach(() => t.close());

  const upload = (client: Client, bytes: Buffer | Readable, filename = 'scene.png', extra = '') =>
    client.request('POST', `/evidence?filename=${encodeURIComponent(filename)}${extra}`, bytes, {
      'content-type': 'application/octet-stream',
    });
  const storedPath = (hash: string) => path.join(t.config.dataDir, 'files', hash.slice(0, 2), hash);
  const incomingLeft = () => {
    const incoming = path.join(t.config.dataDir, 'files', 'incoming');
    return fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
  };
  const custody = async (client: Client, id: string) =>
    (await client.request('GET', `/evidence/${id}/custody`)).json().entries as Array<{
      action: string;
      actorId: string;
      ip: string;
      detail: Record<string, unknown>;
    }>;

  it('hashes an upload while it streams, matching the sha256sum command, and stores it once under its hash', async () => {
    const bytes = pngOfSize(3 * 1024 * 1024 + 17);
    const response = await upload(field, bytes, 'Scene at the bridge.png');
    expect(response.statusCode).toBe(201);
    const item = response.json().item;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'argus-sum-')), 'upload.bin');
    fs.writeFileSync(file, bytes);
    const expected = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0];
    expect(item).toMatchObject({
      sha256: expected,
      size: bytes.length,
      mime: 'image/png',
      kind: 'photo',
      status: 'pending_review',
      source: 'upload',
      capturedBy: fieldId,
      filename: 'Scene at the bridge.png',
    });
    expect(execFileSync('sha256sum', [storedPath(expected!)], { encoding: 'utf8' }).split(' ')[0]).toBe(expected);
    expect(incomingLeft()).toEqual([]);
    const entries = await custody(analyst, item.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'ingested', actorId: fieldId, ip: '127.0.0.1' });
    expect((await analyst.request('GET', `/evidence/${item.id}/verify`)).json().verification).toMatchObject({
      verified: true,
      fileIntact: true,
      chainIntact: true,
      entries: 1,
      problems: [],
    });
  });

  it('sniffs the type from the content: plain text and PDF documents pass, the wrong type answers 415 naming what is allowed', async () => {
    expect((await upload(field, Buffer.from('Witness statement: the van left at 21:40.\n'), 'statement.pdf')).json().item).toMatchObject({
      kind: 'document',
      mime: 'text/plain',
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await upload(field, pdf, 'report.txt')).json().item).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    const refused = await upload(field, zip, 'photo.png');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.message).toMatch(
      /^This type of file is not accepted as evidence\. Allowed: JPEG, PNG.*PDF or plain-text documents\.$/,
    );
    const empty = await upload(field, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The file is empty.');
    expect((await upload(field, PNG, '')).statusCode).toBe(400);
    expect((await analyst.request('GET', '/evidence')).json().items).toHaveLength(2);
    expect(incomingLeft()).toEqual([]);
  });

  it('refuses an oversize upload with 413 naming the limit, announced or streamed, and keeps nothing', async () => {
    const big = pngOfSize(4 * 1024 * 1024 + 1);
    const announced = await upload(field, big);
    expect(announced.statusCode).toBe(413);
    expect(announced.json().error.message).toBe('The file is larger than the 4 MB evidence limit.');
    // Without a Content-Length the limit is enforced while the bytes stream.
    const streamed = await upload(field, Readable.from([big.subarray(0, 3 * 1024 * 1024), big.subarray(3 * 1024 * 1024)]));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe('The file is larger than the 4 MB evidence limit.');
    expect((await analyst.request('GET', '/evidence')).json().items).toEqual([]);
    expect(incomingLeft()).toEqual([]);
    expect(fs.existsSync(storedPath(sha256(big)))).toBe(false);
  });

  it('leaves no item and no file behind when an upload is cut off midway', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const bytes = pngOfSize(3 * 1024 * 1024);
    const { net } = await import('node:net').then((net) => ({ net }));
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          [
            'POST /evidence?filename=cut.png HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            `Cookie: ${Object.entries(field.cookies)
              .map(([name, value]) => `${name}=${value}`)
              .join('; ')}`,
            `X-CSRF-Token: ${field.csrf}`,
            'Content-Type: application/octet-stream',
            `Content-Length: ${bytes.length}`,
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(bytes.subarray(0, 1024 * 1024), () =>
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 100),
        );
      });
    });
    // The server notices the cut on its own time; give it a moment.
    for (let attempt = 0; attempt < 50 && incomingLeft().length > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(incomingLeft()).toEqual([]);
    expect(fs.existsSync(storedPath(sha256(bytes)))).toBe(false);
    expect((await analyst.request('GET', '/evidence')).json().items).toEqual([]);
  });

  it('makes every report photo evidence on arrival; a civic photo keeps its GPS for analysts and shows the public a copy without it', async () => {
    const civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    const report = (
      await civic.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'fire',
        description: 'Smoke from the warehouse',
        location: PLACE,
      })
    ).json().report;
    const photo = jpegWithGps(48.85, 2.35);
    const photoId = randomUUID();
    const put = await civic.request('PUT', `/reports/${report.id}/photos/${photoId}`, photo, { 'content-type': 'image/jpeg' });
    expect(put.statusCode, put.body).toBe(200);
    // A retried upload adopts nothing twice.
    await civic.request('PUT', `/reports/${report.id}/photos/${photoId}`, photo, { 'content-type': 'image/jpeg' });

    const items = (await analyst.request('GET', '/evidence')).json().items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(2);
    const original = items.find((item) => item.derivedFromId === null)!;
    const redacted = items.find((item) => item.derivedFromId !== null)!;
    expect(original).toMatchObject({
      source: 'civic_report',
      sha256: sha256(photo),
      kind: 'photo',
      mime: 'image/jpeg',
      capturedWhere: { lat: PLACE.lat, lon: PLACE.lon },
      capturedAt: report.createdAt,
    });
    expect(redacted).toMatchObject({
      derivedFromId: original.id,
      derivedFromSha256: sha256(photo),
      derivation: 'metadata_removed',
      capturedWhere: null,
    });

    const analystCopy = (await analyst.request('GET', `/evidence/${original.id as string}/content`)).rawPayload;
    expect(sha256(analystCopy)).toBe(sha256(photo));
    expect(await exifr.gps(analystCopy)).toMatchObject({ latitude: expect.closeTo(48.85, 4) });
    const publicCopy = (await analyst.request('GET', `/evidence/${redacted.id as string}/content`)).rawPayload;
    expect(sha256(publicCopy)).toBe(redacted.sha256);
    expect(await exifr.gps(publicCopy)).toBeUndefined();
    // The reporter's own view of their photo carries no location.
    const reporterView = (await civic.request('GET', `/reports/${report.id}/photos/${photoId}`)).rawPayload;
    expect(sha256(reporterView)).toBe(redacted.sha256);
    expect((await civic.request('GET', `/evidence/${original.id as string}`)).statusCode).toBe(403);
  });

  it('shows field units only what they captured, keeps civic reporters out, and logs every view with who and from where', async () => {
    const mine = (await upload(field, pngOfSize(2000))).json().item;
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
    const theirs = (await upload(other, pngOfSize(2000))).json().item;
    const civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);

    expect((await field.request('GET', '/evidence')).json().items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    expect(
      (await field.request('GET', `/evidence?capturedBy=${theirs.capturedBy as string}`))
        .json()
        .items.map((item: { id: string }) => item.id),
    ).toEqual([mine.id]);
    expect((await field.request('GET', `/evidence/${theirs.id as string}`)).statusCode).toBe(404);
    expect((await field.request('GET', `/evidence/${theirs.id as string}/content`)).statusCode).toBe(404);
    for (const url of [
      '/evidence',
      `/evidence/${mine.id as string}`,
      `/evidence/${mine.id as string}/content`,
      `/evidence/${mine.id as string}/custody`,
    ]) {
      expect((await civic.request('GET', url)).statusCode).toBe(403);
    }
    expect((await field.request('POST', `/evidence/${mine.id as string}/review`, { status: 'accepted' })).statusCode).toBe(403);

    expect((await analyst.request('GET', `/evidence/${mine.id as string}`)).statusCode).toBe(200);
    expect((await field.request('GET', `/evidence/${mine.id as string}`)).statusCode).toBe(200);
    const download = await command.request('GET', `/evidence/${mine.id as string}/content?download=1`);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="scene.png"; filename*=UTF-8''scene.png`,
    });
    const entries = await custody(analyst, mine.id);
    expect(entries.map((entry) => entry.action)).toEqual(['ingested', 'viewed', 'viewed', 'downloaded']);
    expect(entries.every((entry) => entry.ip === '127.0.0.1')).toBe(true);
    const views = await t.services.audit.latest(10, 'evidence.viewed');
    expect(views.map((event) => event.target)).toEqual([mine.id, mine.id]);
  });

  it('answers an item’s content in a sandbox of its own, so a hostile file can run nothing on the site', async () => {
    const item = (await upload(field, Buffer.from('<script>alert(document.cookie)</script>\n'), 'notes.txt')).json().item;
    for (const url of [`/evidence/${item.id as string}/content`, `/evidence/${item.id as string}/content?download=1`]) {
      const answer = await analyst.request('GET', url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves byte ranges for players that seek; one look is one custody entry, each saved copy another', async () => {
    const bytes = pngOfSize(10_000);
    const item = (await upload(field, bytes)).json().item;
    expect((await analyst.request('GET', `/evidence/${item.id as string}`)).statusCode).toBe(200);
    const part = await analyst.request('GET', `/evidence/${item.id as string}/content`, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': 'bytes 100-199/10000', 'content-length': '100', 'accept-ranges': 'bytes' });
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await analyst.request('GET', `/evidence/${item.id as string}/content`, undefined, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(bytes.subarray(9_990))).toBe(true);
    const outside = await analyst.request('GET', `/evidence/${item.id as string}/content`, undefined, { range: 'bytes=20000-' });
    expect(outside.statusCode).toBe(416);
    // Opening the item and the player's range requests are one human action (issue 19, point 4).
    expect((await custody(analyst, item.id)).map((entry) => entry.action)).toEqual(['ingested', 'viewed']);

    // Saving a copy is an action of its own, named with its range.
    await analyst.request('GET', `/evidence/${item.id as string}/content?download=1`, undefined, { range: 'bytes=0-99' });
    expect((await custody(analyst, item.id)).filter((entry) => entry.action === 'downloaded').map((entry) => entry.detail.range)).toEqual([
      '0-99',
    ]);

    // Content shown with no view before it, or after the last one has lapsed, is a view.
    expect((await command.request('GET', `/evidence/${item.id as string}/content`)).statusCode).toBe(200);
    const reader = await createUser(t.services, { role: 'Intelligence_Analyst' });
    expect((await (await signIn(t.app, reader.email)).request('GET', `/evidence/${item.id as string}`)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    const later = await signIn(t.app, reader.email);
    expect((await later.request('GET', `/evidence/${item.id as string}/content`)).statusCode).toBe(200);
    expect((await later.request('GET', `/evidence/${item.id as string}/content`)).statusCode).toBe(200);
    expect((await custody(later, item.id)).map((entry) => entry.action)).toEqual([
      'ingested',
      'viewed',
      'downloaded',
      'viewed',
      'viewed',
      'viewed',
    ]);
  });

  it('writes one view for a player’s requests racing each other on a listening server', async () => {
    const item = (await upload(field, pngOfSize(10_000))).json().item;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = Object.entries(analyst.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        fetch(`http://127.0.0.1:${port}/evidence/${item.id as string}/content`, {
          headers: { cookie, range: `bytes=${index * 100}-${index * 100 + 99}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 206));
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect((await custody(analyst, item.id)).map((entry) => entry.action)).toEqual(['ingested', 'viewed']);
  });

  it('accepts and rejects with a reason, links to incidents, filters and pages the list', async () => {
    const first = (await upload(field, pngOfSize(1000))).json().item;
    t.clock.advance(1000);
    const second = (await upload(field, Buffer.from('notes from the scene\n'), 'notes.txt')).json().item;
    t.clock.advance(1000);
    const third = (await upload(field, pngOfSize(1000))).json().item;
    const incident = (
      await command.request('POST', '/incidents', { title: 'Warehouse fire', category: 'fire', severity: 'high', location: PLACE })
    ).json().incident;

    const noReason = await analyst.request('POST', `/evidence/${first.id as string}/review`, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Say why the evidence is rejected.');
    expect(
      (await analyst.request('POST', `/evidence/${first.id as string}/review`, { status: 'rejected', reason: 'Out of focus' })).json().item,
    ).toMatchObject({ status: 'rejected', statusReason: 'Out of focus' });
    expect((await command.request('POST', `/evidence/${third.id as string}/review`, { status: 'accepted' })).json().item.status).toBe(
      'accepted',
    );
    expect(
      (await analyst.request('POST', `/evidence/${second.id as string}/link`, { incidentId: incident.id })).json().item.incidentId,
    ).toBe(incident.id);
    expect((await analyst.request('POST', `/evidence/${second.id as string}/link`, { incidentId: 'no-such' })).statusCode).toBe(404);
    expect((await custody(analyst, first.id)).at(-1)).toMatchObject({
      action: 'status_changed',
      detail: { from: 'pending_review', to: 'rejected', reason: 'Out of focus' },
    });
    // The incident's one timeline shows the evidence linked to it, once, naming who linked it.
    const timeline = (await analyst.request('GET', `/incidents/${incident.id as string}/timeline`)).json().entries;
    expect(timeline).toContainEqual(
      expect.objectContaining({
        kind: 'evidence.added',
        detail: expect.objectContaining({ itemId: second.id, sha256: second.sha256, linkedBy: expect.any(String) }),
      }),
    );

    const ids = async (query: string) =>
      (await analyst.request('GET', `/evidence?${query}`)).json().items.map((item: { id: string }) => item.id);
    expect(await ids('status=rejected,accepted')).toEqual([third.id, first.id]);
    expect(await ids('kind=document')).toEqual([second.id]);
    expect(await ids(`incidentId=${incident.id as string}`)).toEqual([second.id]);
    expect(await ids(`capturedBy=${fieldId}&from=${second.createdAt as number}`)).toEqual([third.id, second.id]);
    expect(await ids(`to=${first.createdAt as number}`)).toEqual([first.id]);
    const page = (await analyst.request('GET', '/evidence?limit=2')).json();
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([third.id, second.id]);
    expect((await analyst.request('GET', `/evidence?limit=2&cursor=${page.nextCursor as string}`)).json()).toMatchObject({
      items: [{ id: first.id }],
      nextCursor: null,
    });
    expect((await analyst.request('GET', '/evidence?kind=hologram')).statusCode).toBe(400);
    for (const item of [first, second, third]) expect((await t.services.evidence.verifyItem(item.id)).verified).toBe(true);
  });

  it('detects a tampered file, an edited or deleted custody entry, and an edited item', async () => {
    const a = (await upload(field, pngOfSize(5000))).json().item;
    const b = (await upload(field, pngOfSize(5000))).json().item;
    const c = (await upload(field, pngOfSize(5000))).json().item;
    const d = (await upload(field, pngOfSize(5000))).json().item;
    for (const item of [a, b, c, d]) {
      await analyst.request('GET', `/evidence/${item.id as string}`);
      await analyst.request('POST', `/evidence/${item.id as string}/review`, { status: 'accepted' });
    }
    const db = t.services.db.kysely;

    fs.appendFileSync(storedPath(a.sha256), 'x');
    await db.updateTable('evidence_custody').set({ ip: '10.9.9.9' }).where('item_id', '=', b.id).where('seq', '=', 2).execute();
    await db.deleteFrom('evidence_custody').where('item_id', '=', c.id).where('seq', '=', 3).execute();
    await db.updateTable('evidence_items').set({ status: 'rejected' }).where('id', '=', d.id).execute();

    const verify = async (id: string) => (await analyst.request('GET', `/evidence/${id}/verify`)).json().verification;
    expect(await verify(a.id)).toMatchObject({
      verified: false,
      fileIntact: false,
      chainIntact: true,
      problems: [expect.stringMatching(/^the stored file's SHA-256 is [0-9a-f]{64}, not the/)],
    });
    expect(await verify(b.id)).toMatchObject({
      verified: false,
      fileIntact: true,
      chainIntact: false,
      problems: ['custody entry 2 was altered'],
    });
    expect((await verify(c.id)).problems).toEqual([
      'custody entries at the end of the log are missing',
      'the item says accepted but its custody log says pending_review',
    ]);
    expect((await verify(d.id)).problems).toEqual(['the item says rejected but its custody log says accepted']);

    const broken: string[] = [];
    for await (const result of t.services.evidence.verifyAll()) if (!result.verified) broken.push(result.itemId);
    expect(broken.sort()).toEqual([a.id, b.id, c.id, d.id].sort());
  });

  it('exports a zip holding exactly what its manifest and SHA256SUMS say, and logs the export on each item', async () => {
    const photo = pngOfSize(300_000);
    const a = (await upload(field, photo, 'bridge.png')).json().item;
    const b = (await upload(field, Buffer.from('Statement by the witness.\n'), 'statement.txt')).json().item;
    await upload(field, pngOfSize(1000), 'not-exported.png');
    expect((await field.request('POST', '/evidence/export', { itemIds: [a.id] })).statusCode).toBe(403);
    expect((await command.request('POST', '/evidence/export', { itemIds: [] })).statusCode).toBe(400);
    expect((await command.request('POST', '/evidence/export', { itemIds: ['no-such'] })).statusCode).toBe(404);

    const response = await command.request('POST', '/evidence/export', { itemIds: [a.id, b.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="evidence-export-[0-9a-f-]{36}\.zip"$/);
    const files = unzipSync(response.rawPayload);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    const sums = strFromU8(files['SHA256SUMS']!)
      .trim()
      .split('\n')
      .map((line) => line.split('  '));
    const packaged = Object.keys(files).filter((name) => name.startsWith('files/'));
    expect(packaged.sort()).toEqual(manifest.items.map((item: { path: string }) => item.path).sort());
    expect(sums.map(([, name]) => name).sort()).toEqual(packaged.sort());
    for (const [hash, name] of sums) expect(sha256(files[name!]!)).toBe(hash);
    for (const item of manifest.items) {
      expect(sha256(files[item.path]!)).toBe(item.sha256);
      expect(files[item.path]!.length).toBe(item.size);
      expect(item.custody.map((entry: { action: string }) => entry.action)).toEqual(['ingested', 'exported']);
    }
    expect(manifest.items.map((item: { id: string }) => item.id)).toEqual([a.id, b.id]);
    expect(manifest.exporter).toMatchObject({ name: expect.stringContaining('Command_Admin') });
    expect(strFromU8(files['manifest.html']!)).toContain(a.sha256);
    // Someone outside Argus checks it with sha256sum.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-export-'));
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), bytes);
    }
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: folder, encoding: 'utf8' })).toMatch(/: OK\n.*: OK\n$/);
    expect((await custody(analyst, a.id)).map((entry) => entry.action)).toEqual(['ingested', 'exported']);
    expect((await t.services.audit.latest(1, 'evidence.exported'))[0]).toMatchObject({ target: manifest.exportId });
  });
});
