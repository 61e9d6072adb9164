import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHER_GRACE_MS, type SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { InProcessRateWindows } from '../src/lib/rate-windows';
import type { RtspSources } from '../src/features/tak/rtsp-connection';
import { RtspServer } from '../src/features/tak/rtsp-server';
import { askRtsp, rtspSessionOf } from './rtsp-client';
import { SimulatedDevice } from './tak-device';

// The viewer peer is a werift WebRTC peer of the media server; when a session ends is the
// connection's own business, so here it is a stand-in that only says it was closed.
vi.mock('../src/features/tak/rtsp-viewer-peer', () => ({
  RTSP_PAYLOAD_TYPE: 96,
  RtspViewerPeer: class {
    constructor(readonly codec: string) {}
    offer = async () => 'v=0 the viewer’s offer';
    accept = async () => undefined;
    onGone = () => undefined;
    parameterSets = async () => null;
    play = () => undefined;
    close = async () => undefined;
  },
}));

const ROOM = 'drone-over-the-ford';
const LINK = `rtsp://localhost/${ROOM}/a-playback-token`;
const silent: FastifyBaseLogger = {
  info: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  child: () => silent,
} as unknown as FastifyBaseLogger;

/**
 * When an RTSP session ends, with the stream service and media server stood in for: each session's
 * peer is `peer-N`, what the stream service tells it goes through `tell`, and `endPeers` records
 * the peers ended (held back while `holdEnds` is set).
 */
describe('the end of an RTSP session', () => {
  let server: RtspServer | null = null;
  const clients: SimulatedDevice[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const client of clients.splice(0)) client.end();
    await server?.close();
    server = null;
  });

  const started = async () => {
    const notifiers: ((message: SignalingServerMessage) => void)[] = [];
    const ended: string[] = [];
    let holdEnds: Promise<void> | null = null;
    const sources = {
      playback: { accepts: () => true, claims: async () => ({ sub: 'crew', room: ROOM, stream_role: 'view' }) },
      streams: {
        offer: async (_claims: unknown, _sdp: unknown, notify: (message: SignalingServerMessage) => void) => {
          notifiers.push(notify);
          return { peerId: `peer-${notifiers.length}`, type: 'answer', sdp: 'v=0 the media server’s answer' };
        },
        endPeers: async (peerIds: string[]) => {
          await holdEnds;
          ended.push(...peerIds);
        },
        media: { stats: async () => [{ roomId: ROOM, publisher: { codec: 'h264' } }] },
      },
    } as unknown as RtspSources;
    const config = { port: 0, host: 'localhost', publicPort: null, handshakeTimeoutMs: 60_000, idleTimeoutMs: 600_000 };
    server = new RtspServer(sources, config, silent, new InProcessRateWindows());
    await server.listen('127.0.0.1');
    const port = server.port!;
    /** `allowHalfOpen`: a player that was answered and let go keeps its own side open until it ends it. */
    const connect = async (allowHalfOpen = false) => {
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen });
      await new Promise((resolve) => socket.once('connect', resolve));
      const client = SimulatedDevice.over(socket);
      clients.push(client);
      return client;
    };
    return {
      connect,
      ended,
      tell: (message: SignalingServerMessage) => notifiers.at(-1)!(message),
      holdEnds: (until: Promise<void>) => (holdEnds = until),
    };
  };

  /** DESCRIBE, SETUP and PLAY, as a player does. */
  const play = async (client: SimulatedDevice) => {
    expect(await askRtsp(client, 'DESCRIBE', LINK)).toBe(200);
    expect(await askRtsp(client, 'SETUP', `${LINK}/track0`, { Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1' })).toBe(200);
    expect(await askRtsp(client, 'PLAY', LINK, { Session: rtspSessionOf(client) })).toBe(200);
  };

  it('ends a playing session once its publisher has stayed away past the grace, not before', async () => {
    const { connect, ended, tell } = await started();
    const client = await connect();
    await play(client);

    // Only the grace's timer is the test's to move: sockets and the rest keep real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    tell({ type: 'publisher-left', room: ROOM });
    vi.advanceTimersByTime(PUBLISHER_GRACE_MS - 1);
    expect(await askRtsp(client, 'GET_PARAMETER', LINK, { Session: rtspSessionOf(client) })).toBe(200);
    expect(ended).toEqual([]);

    vi.advanceTimersByTime(1);
    await client.untilClosed();
    await vi.waitFor(() => expect(ended).toEqual(['peer-1']));
  });

  it('stops only once a connection already closing has ended its session', async () => {
    const { connect, ended, holdEnds } = await started();
    const client = await connect(true);
    await play(client);
    // The stream service takes a while to end the peer; it is let go once the listener has closed.
    let release = () => {};
    holdEnds(new Promise<void>((resolve) => (release = resolve)));
    const listener = (server as unknown as { server: net.Server }).server;
    listener.once('close', () => setImmediate(release));

    // The player leaves: answered, its connection is closing while its session's end is under way.
    expect(await askRtsp(client, 'TEARDOWN', LINK, { Session: rtspSessionOf(client) })).toBe(200);
    const stopping = server!.close().then(() => [...ended]);
    server = null;
    client.socket.end();
    expect(await stopping).toEqual(['peer-1']);
  });
});
