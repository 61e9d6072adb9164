import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher, createViewer } from '../src/media/werift-client';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

const VIEWER_PROCESS = path.join(import.meta.dirname, 'fixtures/media/whep-viewer-process.ts');

/** Starts a WHEP viewer in its own process and resolves once it is connected and receiving. */
function startViewerProcess(url: string, token: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', VIEWER_PROCESS], {
    env: { ...process.env, WHEP_URL: url, WHEP_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the viewer process exited with ${code} before receiving`)));
  });
}

describe('liveness of peers without a signalling socket (WHIP/WHEP)', () => {
  let t: TestApp;
  let base: string;
  let command: Client;
  let roomId: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { ICE_STUN_URLS: 'none' });
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    roomId = (await command.request('POST', '/stream/create', { name: 'Drone', kind: 'camera' })).json().room.id;
    await t.services.streams.media.start();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t.close());

  const join = async (role: 'publish' | 'view') =>
    (await command.request('POST', '/stream/join', { room: roomId, role })).json().token as string;
  const viewers = async () =>
    ((await command.request('GET', '/stream/list')).json().rooms as { id: string; viewers: number }[]).find((room) => room.id === roomId)!
      .viewers;
  const whep = async (token: string, offer: string) =>
    fetch(`${base}/whep/${roomId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: offer,
    });

  it('drops a WHEP viewer killed without a DELETE, by the liveness check rather than ICE consent, while the other viewer keeps receiving', async () => {
    const publisher = createPublisher('VP8');
    const whip = await fetch(`${base}/whip/${roomId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${await join('publish')}` },
      body: await publisher.offer(),
    });
    expect(whip.status).toBe(201);
    await publisher.accept(await whip.text());
    await publisher.connected();
    publisher.startSending();

    const survivor = createViewer();
    const answer = await whep(await join('view'), await survivor.offer());
    expect(answer.status).toBe(201);
    await survivor.accept(await answer.text());
    await survivor.connected();

    const doomed = await startViewerProcess(`${base}/whep/${roomId}`, await join('view'));
    expect(await viewers()).toBe(2);
    doomed.kill('SIGKILL');
    // The liveness check drops it 4–5 s after its last packet (its timing, counted on a fake
    // clock, is src/media/peer-liveness.test.ts); ICE consent alone would take 30 s. The wait
    // leaves a loaded machine room between the two without timing anything.
    await expect.poll(() => viewers(), { timeout: 15_000, interval: 100, message: 'the killed viewer is still listed' }).toBe(1);
    await survivor.receive(20);
    await Promise.all([publisher.close(), survivor.close()]);
  }, 60_000);

  it('keeps an idle WHEP viewer of a room with no publisher: it answers the probes', async () => {
    const quiet = (await command.request('POST', '/stream/create', { name: 'Quiet', kind: 'camera' })).json().room.id as string;
    const token = (await command.request('POST', '/stream/join', { room: quiet, role: 'view' })).json().token as string;
    const viewer = createViewer();
    const answer = await fetch(`${base}/whep/${quiet}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: await viewer.offer(),
    });
    expect(answer.status).toBe(201);
    await viewer.accept(await answer.text());
    await viewer.connected();
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    const listed = ((await command.request('GET', '/stream/list')).json().rooms as { id: string; viewers: number }[]).find(
      (room) => room.id === quiet,
    )!;
    expect(listed.viewers).toBe(1);
    expect(viewer.pc.connectionState).toBe('connected');
    await viewer.close();
  }, 60_000);
});
