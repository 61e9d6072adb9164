import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TakCertificate } from '@argus/contracts/http/tak';
import { MAX_SESSIONS_PER_LINK } from '../src/features/streams/peer-sessions';
import { MAX_CONNECTIONS_PER_ADDRESS, RTSP_REFUSALS } from '../src/features/tak/rtsp-address-limits';
import { MAX_HEAD_BYTES } from '../src/features/tak/rtsp-requests';
import { H264ParameterSetReader } from '../src/media/h264-parameter-sets';
import { PLAYBACK_LINK_TTL_MS } from '../src/features/tak/tak-playback-links';
import { startTestPattern } from '../src/media/test-pattern';
import { createPublisher, type ClientCodec } from '../src/media/werift-client';
import { TEST_DIALECTS } from './databases';
import { askRtsp, rtspSessionOf } from './rtsp-client';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { SimulatedDevice } from './tak-device';
import { connectTls, csrFor, deviceKeys, enrol, keyPem, pemOfDer } from './tak-tls-device';

const DEVICE = 'ANDROID-9a41c6e2b7d05f13';

/** The `b-i-v` feed of a room a device was sent: its `__video url` and ConnectionEntry. */
const feedOf = (device: SimulatedDevice, roomId: string) => {
  const xml = device.received.split('</event>').find((event) => event.includes('type="b-i-v"') && event.includes(`argus-video-${roomId}"`));
  if (!xml) return null;
  const entry = (name: string) => new RegExp(`<ConnectionEntry[^>]* ${name}="([^"]*)"`).exec(xml)?.[1];
  return {
    url: /<__video[^>]* url="([^"]+)"/.exec(xml)![1]!,
    protocol: entry('protocol'),
    port: entry('port'),
    path: entry('path'),
    rtspReliable: entry('rtspReliable'),
  };
};

/** Debian's ffmpeg as the player ATAK would be: RTSP over TCP, each decoded frame one framemd5 line. */
function player(
  url: string,
  frames?: number,
): { process: ChildProcess; decoded: () => number; exited: Promise<{ code: number | null; frames: number; errors: string }> } {
  const args = ['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-timeout', '30000000', '-i', url];
  const child = spawn('ffmpeg', [...args, ...(frames ? ['-frames:v', String(frames)] : []), '-f', 'framemd5', '-'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const decoded = () => out.split('\n').filter((line) => /^\d+,/.test(line)).length;
  const exited = new Promise<{ code: number | null; frames: number; errors: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, frames: decoded(), errors })),
  );
  return { process: child, decoded, exited };
}

describe.each(TEST_DIALECTS)('the RTSP output stock ATAK plays Argus’s live rooms from, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let command: Client;
  let crew: { id: string; email: string };
  let unitId: string;
  let rtspPort: number;
  const cleanups: (() => unknown)[] = [];
  /** Settings a group of tests needs beyond the defaults below (`withSettings`). */
  let settings: Record<string, string> = {};
  /** A group of tests runs with `values` besides the defaults below. */
  const withSettings = (values: Record<string, string>) => {
    beforeAll(() => {
      settings = values;
    });
    afterAll(() => {
      settings = {};
    });
  };
  /** The parameter sets the publisher of the last room gone live sent. */
  let published = new H264ParameterSetReader();

  const enrolledDevice = async () => {
    const keys = await deviceKeys();
    const ca = t.takTls.authority!.pem;
    const answer = await enrol(t.takTls.enrolPort!, ca, {
      email: crew.email,
      password: STRONG_PASSWORD,
      clientUid: DEVICE,
      csr: await csrFor(keys, crew.email),
    });
    expect(answer.status, answer.body).toBe(200);
    const cert = pemOfDer((JSON.parse(answer.body) as { signedCert: string }).signedCert);
    const device = await connectTls(t.takTls.tlsPort!, ca, { cert, key: await keyPem(keys) });
    cleanups.push(() => device.end());
    return device;
  };
  const createRoom = async (name: string) =>
    (await command.request('POST', '/stream/create', { name, kind: 'camera', sharedWithUnitIds: [unitId] })).json().room.id as string;
  /** Command publishes ffmpeg's moving test pattern to the room over WHIP, as a real encoder would. */
  const goLive = async (roomId: string, codec: ClientCodec = 'H264') => {
    const token = (await command.request('POST', '/stream/join', { room: roomId, role: 'publish' })).json().token as string;
    const publisher = createPublisher(codec);
    const whip = await fetch(`${base}/whip/${roomId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: await publisher.offer(),
    });
    expect(whip.status).toBe(201);
    await publisher.accept(await whip.text());
    published = new H264ParameterSetReader();
    const pattern = await startTestPattern(
      codec,
      (packet) => {
        if (codec === 'H264') published.push(packet.payload);
        publisher.track.writeRtp(packet);
      },
      { width: 320, height: 180, fps: 15 },
    );
    cleanups.push(async () => {
      pattern.stop();
      await publisher.close();
    });
    // The media server knows what the publisher sends once its first packets arrived.
    await vi.waitFor(
      async () => expect((await t.services.streams.media.stats()).find((room) => room.roomId === roomId)?.publisher?.codec).toBeTruthy(),
      { timeout: 20_000, interval: 100 },
    );
  };
  /** A live room shared with the crew's unit, and the feed of it their enrolled device was sent. */
  const liveFeed = async (codec: ClientCodec = 'H264') => {
    const roomId = await createRoom('Drone over the ford');
    await goLive(roomId, codec);
    const device = await enrolledDevice();
    await device.until((d) => feedOf(d, roomId) !== null);
    return { roomId, device, feed: feedOf(device, roomId)! };
  };
  const certificateOf = async () =>
    ((await command.request('GET', '/tak/certificates')).json().certificates as TakCertificate[]).find((row) => row.deviceUid === DEVICE)!;

  /** A raw RTSP client: requests written by hand, answers read as they come. */
  const rtspClient = async () => {
    const client = await SimulatedDevice.connect(rtspPort);
    cleanups.push(() => client.end());
    return client;
  };
  /** DESCRIBE, SETUP and PLAY, as a player does: resolves once video arrives interleaved. */
  const playRaw = async (client: SimulatedDevice, url: string) => {
    expect(await askRtsp(client, 'DESCRIBE', url, { Accept: 'application/sdp' })).toBe(200);
    expect(await askRtsp(client, 'SETUP', `${url}/track0`, { Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1' })).toBe(200);
    const session = rtspSessionOf(client);
    expect(await askRtsp(client, 'PLAY', url, { Session: session })).toBe(200);
    await client.until((c) => c.received.split('$\u0000').length > 20 || c.closed);
    expect(client.closed).toBe(false);
  };
  const withToken = (url: string, token: string) => url.replace(/[^/]+$/, token);

  beforeEach(async () => {
    t = await buildTestApp(dialect, {
      COT_TLS_PORT: '0',
      TAK_ENROL_PORT: '0',
      ICE_STUN_URLS: 'none',
      COT_TLS_RECHECK_MS: '200',
      TAK_RTSP_PORT: '0',
      TAK_RTSP_HANDSHAKE_TIMEOUT_MS: '5000',
      ...settings,
    });
    await t.services.streams.media.start();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    rtspPort = t.rtsp!.port!;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
  }, 60_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    await t.close();
  });

  it.each(['H264', 'VP8'] as const)(
    'sends the device a feed whose RTSP link ffmpeg plays, in the publisher’s codec (%s)',
    async (codec) => {
      const { feed } = await liveFeed(codec);
      // The ConnectionEntry ATAK's player reads: RTSP over TCP on the RTSP port, the link's path.
      expect(feed.url).toMatch(new RegExp(`^rtsp://localhost:${rtspPort}/`));
      expect(feed).toMatchObject({ protocol: 'rtsp', port: String(rtspPort), rtspReliable: '1' });
      expect(new URL(feed.url).pathname).toBe(feed.path);

      const played = await player(feed.url, 10).exited;
      expect(played.code, played.errors).toBe(0);
      expect(played.frames).toBe(10);
    },
    90_000,
  );

  it('refuses a damaged, foreign, expired or ended link with its RTSP status and closes the connection', async () => {
    const { roomId, feed } = await liveFeed();
    const other = await createRoom('Harbour camera');
    const token = feed.url.split('/').pop()!;

    const damaged = await rtspClient();
    expect(await askRtsp(damaged, 'DESCRIBE', withToken(feed.url, `${token.slice(0, -4)}AAAA`))).toBe(401);
    await damaged.untilClosed();
    expect(await askRtsp(await rtspClient(), 'DESCRIBE', withToken(feed.url, 'not-a-token'))).toBe(401);
    // The link names its room: another room's path is refused.
    const foreign = await rtspClient();
    expect(await askRtsp(foreign, 'DESCRIBE', feed.url.replace(`/${roomId}/`, `/${other}/`))).toBe(403);
    expect(foreign.received).toContain('Connection: close');
    await foreign.untilClosed();
    // Not a link at all.
    expect(await askRtsp(await rtspClient(), 'DESCRIBE', `rtsp://localhost:${rtspPort}/${roomId}`)).toBe(404);
    // SETUP and PLAY check the link too, not only DESCRIBE.
    expect(
      await askRtsp(await rtspClient(), 'SETUP', `${withToken(feed.url, 'not-a-token')}/track0`, {
        Transport: 'RTP/AVP/TCP;interleaved=0-1',
      }),
    ).toBe(401);
    // Only TCP interleaved is offered.
    const udp = await rtspClient();
    expect(await askRtsp(udp, 'SETUP', `${feed.url}/track0`, { Transport: 'RTP/AVP;unicast;client_port=5000-5001' })).toBe(461);
    // OPTIONS and keep-alives need no link.
    const options = await rtspClient();
    expect(await askRtsp(options, 'OPTIONS', '*')).toBe(200);
    expect(options.received).toContain('Public: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN, GET_PARAMETER');
    expect(await askRtsp(options, 'RECORD', feed.url)).toBe(405);

    // The room ends: 404.
    expect((await command.request('POST', '/stream/leave', { room: roomId, close: true })).statusCode).toBe(200);
    expect(await askRtsp(await rtspClient(), 'DESCRIBE', feed.url)).toBe(404);

    // A link past its time: 401.
    const fresh = await createRoom('Bridge camera');
    await goLive(fresh);
    const device = await enrolledDevice();
    await device.until((d) => feedOf(d, fresh) !== null);
    t.clock.advance(PLAYBACK_LINK_TTL_MS + 1_000);
    expect(await askRtsp(await rtspClient(), 'DESCRIBE', feedOf(device, fresh)!.url)).toBe(401);
  }, 90_000);

  it('ends a playing session when the device’s certificate is revoked, and refuses its link then', async () => {
    const { feed } = await liveFeed();
    // What the stream service tells the RTSP sessions' peers: revoking must tell them `closed`, not
    // leave them to notice their media connection ended.
    const told: string[] = [];
    const offer = t.services.streams.offer.bind(t.services.streams);
    vi.spyOn(t.services.streams, 'offer').mockImplementation((claims, sdp, notify, peerId) =>
      offer(
        claims,
        sdp,
        (message) => {
          told.push(message.type);
          notify?.(message);
        },
        peerId,
      ),
    );
    const playing = player(feed.url);
    cleanups.push(() => playing.process.kill('SIGKILL'));
    const certificate = await certificateOf();
    await vi.waitFor(() => expect(playing.decoded()).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    expect(t.services.streams.linkHolders()).toContain(certificate.id);

    expect((await command.request('POST', `/tak/certificates/${certificate.id}/revoke`)).statusCode).toBe(200);
    // The player is cut off: ffmpeg ends on its own, having decoded what came before.
    const ended = await playing.exited;
    expect(ended.frames).toBeGreaterThan(0);
    expect(t.services.streams.linkHolders()).not.toContain(certificate.id);
    expect(told).toContain('closed');
    expect(await askRtsp(await rtspClient(), 'DESCRIBE', feed.url)).toBe(403);
  }, 90_000);

  describe('with a handshake timeout no test waits out (connections that never PLAY are kept)', () => {
    withSettings({ TAK_RTSP_HANDSHAKE_TIMEOUT_MS: '120000' });

    it('counts RTSP sessions in the link’s limit: the next is refused until one ends', async () => {
      const { feed } = await liveFeed();
      const clients = [];
      for (let i = 0; i < MAX_SESSIONS_PER_LINK; i += 1) {
        const client = await rtspClient();
        expect(await askRtsp(client, 'DESCRIBE', feed.url)).toBe(200);
        clients.push(client);
      }
      const beyond = await rtspClient();
      expect(await askRtsp(beyond, 'DESCRIBE', feed.url)).toBe(503);

      // One player leaves (TEARDOWN): its session ends, and another may start.
      const first = clients[0]!;
      expect(await askRtsp(first, 'SETUP', `${feed.url}/track0`, { Transport: 'RTP/AVP/TCP;interleaved=0-1' })).toBe(200);
      const session = rtspSessionOf(first);
      expect(await askRtsp(first, 'TEARDOWN', feed.url, { Session: session })).toBe(200);
      await first.untilClosed();
      await vi.waitFor(async () => expect(await askRtsp(await rtspClient(), 'DESCRIBE', feed.url)).toBe(200), {
        timeout: 10_000,
        interval: 200,
      });
    }, 90_000);

    it('holds one address to its share of connections: the next is cut off until one closes', async () => {
      const held = [];
      for (let i = 0; i < MAX_CONNECTIONS_PER_ADDRESS; i += 1) {
        const client = await rtspClient();
        expect(await askRtsp(client, 'OPTIONS', '*')).toBe(200);
        held.push(client);
      }
      const beyond = await rtspClient();
      await beyond.untilClosed();
      expect(beyond.received).toBe('');

      held[0]!.end();
      await vi.waitFor(async () => expect(await askRtsp(await rtspClient(), 'OPTIONS', '*')).toBe(200), { timeout: 10_000, interval: 200 });
    }, 90_000);
  });

  describe('with a short idle timeout', () => {
    withSettings({ TAK_RTSP_IDLE_TIMEOUT_MS: '2000' });

    it('closes a playing connection whose player went silent while its video flows, and frees its slot', async () => {
      const { feed } = await liveFeed();
      const certificate = await certificateOf();
      // A player that vanished without a FIN: its socket still takes the video, but it sends nothing.
      const vanished = await rtspClient();
      await playRaw(vanished, feed.url);
      expect(t.services.streams.linkHolders()).toContain(certificate.id);

      await vanished.untilClosed();
      await vi.waitFor(() => expect(t.services.streams.linkHolders()).not.toContain(certificate.id), { timeout: 10_000, interval: 100 });
    }, 90_000);
  });

  describe('behind a port forward', () => {
    withSettings({ TAK_RTSP_PUBLIC_PORT: '18554' });

    it('puts TAK_RTSP_PUBLIC_PORT in the links, not the port listened on', async () => {
      const { feed } = await liveFeed();
      expect(feed.url).toMatch(/^rtsp:\/\/localhost:18554\//);
      expect(feed.port).toBe('18554');
    }, 90_000);
  });

  it('closes hostile connections cleanly while another player keeps playing', async () => {
    const { feed } = await liveFeed();
    const good = await rtspClient();
    await playRaw(good, feed.url);

    // Not RTSP at all.
    const garbage = await rtspClient();
    garbage.send(Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x01, 0x00, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]));
    await garbage.untilClosed();
    expect(garbage.received).toMatch(/^RTSP\/1\.0 400 /);
    // A head far beyond the limit, never finished.
    const huge = await rtspClient();
    huge.send(`DESCRIBE ${feed.url} RTSP/1.0\r\nCSeq: 1\r\nX-Filler: ${'a'.repeat(MAX_HEAD_BYTES * 2)}`);
    await huge.untilClosed();
    expect(huge.received).toMatch(/^RTSP\/1\.0 400 /);
    // Too many headers.
    const headers = await rtspClient();
    headers.send(`OPTIONS * RTSP/1.0\r\nCSeq: 1\r\n${Array.from({ length: 100 }, (_, i) => `X-${i}: 1`).join('\r\n')}\r\n\r\n`);
    await headers.untilClosed();
    expect(headers.received).toMatch(/^RTSP\/1\.0 400 /);
    // Another protocol's version.
    const version = await rtspClient();
    version.send('OPTIONS * RTSP/2.0\r\nCSeq: 1\r\n\r\n');
    await version.untilClosed();
    expect(version.received).toMatch(/^RTSP\/1\.0 505 /);
    // A request that trickles in and never ends is cut off by the request timeout.
    const slow = await rtspClient();
    slow.send(`DESCRIBE ${feed.url.slice(0, 20)}`);
    await slow.untilClosed();
    expect(slow.received).toMatch(/^RTSP\/1\.0 408 /);
    // A connection that never asks anything is closed at the handshake timeout.
    const silent = await rtspClient();
    await silent.untilClosed();

    // The player that was playing all along still gets its video, and a new one plays.
    const before = good.received.length;
    await good.until((c) => c.received.length > before + 10_000 || c.closed);
    expect(good.closed).toBe(false);
    const played = await player(feed.url, 10).exited;
    expect(played.code, played.errors).toBe(0);
  }, 90_000);

  it('describes H264 with the stream’s own parameter sets and profile', async () => {
    const { feed } = await liveFeed();
    const client = await rtspClient();
    expect(await askRtsp(client, 'DESCRIBE', feed.url, { Accept: 'application/sdp' })).toBe(200);
    const fmtp = /a=fmtp:96 ([^\r]+)/.exec(client.received)![1]!;
    const sprop = /sprop-parameter-sets=([^;,]+),([^;]+)/.exec(fmtp);
    expect(sprop, fmtp).not.toBeNull();
    const sps = Buffer.from(sprop![1]!, 'base64');
    const pps = Buffer.from(sprop![2]!, 'base64');
    // What the publisher's encoder sent, not a fixed profile.
    expect(published.known()).toEqual({ sps, pps });
    expect(fmtp).toContain(`profile-level-id=${sps.subarray(1, 4).toString('hex')}`);
    // RFC 4566: the session id of the o= line is a number.
    expect(client.received).toMatch(/\r\no=- \d+ 1 IN IP4 /);
  }, 90_000);

  it('closes a session whose publisher came back in another codec than the one described', async () => {
    const { roomId, feed } = await liveFeed('H264');
    const client = await rtspClient();
    await playRaw(client, feed.url);
    // Another publisher takes the room over in VP8: the player was described H264 and could not decode it.
    await goLive(roomId, 'VP8');
    await client.untilClosed();
  }, 90_000);

  it('checks the link again at PLAY: one that ran out after SETUP is refused', async () => {
    const { feed } = await liveFeed();
    const client = await rtspClient();
    expect(await askRtsp(client, 'DESCRIBE', feed.url)).toBe(200);
    expect(await askRtsp(client, 'SETUP', `${feed.url}/track0`, { Transport: 'RTP/AVP/TCP;interleaved=0-1' })).toBe(200);
    const session = rtspSessionOf(client);
    // Revoking would end the session before PLAY is asked (the stream service closes it): the link running out does not.
    t.clock.advance(PLAYBACK_LINK_TTL_MS + 1_000);
    expect(await askRtsp(client, 'PLAY', feed.url, { Session: session })).toBe(401);
    await client.untilClosed();
  }, 90_000);

  it('answers 503 with Retry-After at the session limit, and cuts off an address refused too often', async () => {
    const { feed } = await liveFeed();
    const clients = [];
    for (let i = 0; i < MAX_SESSIONS_PER_LINK; i += 1) {
      const client = await rtspClient();
      expect(await askRtsp(client, 'DESCRIBE', feed.url)).toBe(200);
      clients.push(client);
    }
    const beyond = await rtspClient();
    expect(await askRtsp(beyond, 'DESCRIBE', feed.url)).toBe(503);
    expect(beyond.received).toMatch(/\r\nRetry-After: \d+\r\n/);
    for (const client of clients) client.end();

    for (let i = 0; i < RTSP_REFUSALS.max; i += 1)
      expect(await askRtsp(await rtspClient(), 'DESCRIBE', withToken(feed.url, 'forged'))).toBe(401);
    // The next refusal is counted; from then on the address's connections are cut off unanswered, a valid link's too.
    expect(await askRtsp(await rtspClient(), 'DESCRIBE', withToken(feed.url, 'forged'))).toBe(401);
    const cut = await rtspClient();
    expect(await askRtsp(cut, 'DESCRIBE', feed.url)).toBeNull();
    expect(cut.received).toBe('');
  }, 90_000);
});
