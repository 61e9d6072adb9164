import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RtpPacket } from 'werift';
import { PUBLISHER_GRACE_MS, type SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { AppError } from '../../lib/app-error';
import type { StreamClaims } from '../streams/stream-tokens';
import type { StreamsService } from '../streams/streams.service';
import { readRtspLink } from './rtsp-link';
import { RtspProtocolError, RtspRequestReader, rtspResponse, type RtspRequest } from './rtsp-requests';
import type { RtspConfig } from './rtsp-server';
import { rtspSessionDescription } from './rtsp-session-description';
import { RTSP_PAYLOAD_TYPE, RtspViewerPeer, type RtspCodec } from './rtsp-viewer-peer';
import type { TakPlaybackLinks } from './tak-playback-links';

/** What an RTSP session is checked against and watches through. */
export interface RtspSources {
  playback: Pick<TakPlaybackLinks, 'accepts' | 'claims'>;
  streams: Pick<StreamsService, 'offer' | 'endPeers' | 'media'>;
}

const METHODS = ['OPTIONS', 'DESCRIBE', 'SETUP', 'PLAY', 'TEARDOWN', 'GET_PARAMETER'];
/** Requests sent ahead of their answers (pipelined) beyond this close the connection. */
const MAX_QUEUED_REQUESTS = 8;
/** Video waiting to be sent to a player that does not read: beyond this it is cut off, not buffered. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/** Advertised in the Session header: players send a keep-alive within it. */
const SESSION_TIMEOUT_S = 60;
/** How long a closing connection's last answer may take to be read before the socket is cut. */
const LINGER_MS = 2_000;
/** How long DESCRIBE waits for the H264 parameter sets of the stream (a keyframe is asked for) before answering without them. */
const PARAMETER_SETS_WAIT_MS = 3_000;
/** How often, and how many times, a publisher that came back is asked its codec (known once its first packets arrived). */
const CODEC_POLL_MS = 100;
const CODEC_POLLS = 50;
/** What a player told 503 (the session limit, the media server restarting) is asked to wait before trying again. */
const RETRY_AFTER_S = 5;
/** Statuses that end the connection: a refused link, or a request not understood; a player may not try other links on it. */
const CLOSING_STATUSES = [400, 401, 403, 404];

interface Session {
  id: string;
  roomId: string;
  token: string;
  peerId: string;
  viewer: RtspViewerPeer;
  /** The interleaved channel RTP goes on (its RTCP would be the next). */
  channel: number;
  playing: boolean;
}

/**
 * One player's TCP connection to the RTSP output (docs/decisions/0077-tak-rtsp-output.md). Its
 * requests are answered one after another; every one that names the link (DESCRIBE, SETUP, PLAY)
 * checks it again exactly as WHEP does (`TakPlaybackLinks.claims`). The session is a viewer peer
 * of the stream service, opened with the link's claims: it counts against the certificate's
 * session limit and is ended with the certificate, the room or the media server, which ends the
 * connection. Bad input is answered with its RTSP status and the connection closed.
 */
export class RtspConnection {
  private readonly reader = new RtspRequestReader();
  private session: Session | null = null;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;
  private handshakeTimer: NodeJS.Timeout | null;
  private requestTimer: NodeJS.Timeout | null = null;
  /** When the player last sent anything: requests, keep-alives or RTCP receiver reports. */
  private lastReceivedAt = Date.now();
  private readonly idleTimer: NodeJS.Timeout;
  /** Running while the room has no publisher: the session ends when the publisher's grace has passed. */
  private publisherGraceTimer: NodeJS.Timeout | null = null;
  private corked = false;
  /** The session's end, once closing began: every close() resolves with it. */
  private ended: Promise<void> | null = null;

  constructor(
    private readonly socket: net.Socket,
    private readonly sources: RtspSources,
    private readonly config: RtspConfig,
    private readonly log: FastifyBaseLogger,
    /** Told of every refusal: the server counts them per address, and logs them (rtsp-address-limits.ts). */
    private readonly refused: (status: number, reason: string) => void = () => undefined,
  ) {
    socket.setNoDelay(true);
    // Until it plays, a connection lives this long: a slow handshake holds nothing for long.
    this.handshakeTimer = setTimeout(() => {
      if (this.requestTimer) this.refuse(408, null, 'a request was not finished in time');
      else void this.close('no PLAY within the handshake timeout');
    }, config.handshakeTimeoutMs);
    // Not socket.setTimeout: writing video resets it too, so a player that vanished without a FIN
    // would keep its session (and one of its certificate's slots) for as long as the writes are buffered.
    this.idleTimer = setInterval(() => this.closeIfIdle(), Math.max(50, Math.floor(config.idleTimeoutMs / 4)));
    this.idleTimer.unref();
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => void this.close(null));
  }

  /**
   * Ends the connection; `last`, an answer, is written first (and the socket cut off soon after if
   * it is not read). Resolves once the session has ended, however many times it is called.
   */
  close(reason: string | null, last?: Buffer): Promise<void> {
    if (this.ended) return this.ended;
    this.closed = true;
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    if (this.requestTimer) clearTimeout(this.requestTimer);
    if (this.publisherGraceTimer) clearTimeout(this.publisherGraceTimer);
    clearInterval(this.idleTimer);
    if (reason) this.log.info({ reason }, 'RTSP connection closed');
    if (last) {
      this.socket.end(last);
      setTimeout(() => this.socket.destroy(), LINGER_MS).unref();
    } else this.socket.destroy();
    this.ended = this.endSession();
    return this.ended;
  }

  /** A playing player sends RTCP receiver reports or keep-alives (GET_PARAMETER, OPTIONS) well within SESSION_TIMEOUT_S. */
  private closeIfIdle(): void {
    if (this.session?.playing && Date.now() - this.lastReceivedAt > this.config.idleTimeoutMs)
      void this.close('the player sent nothing within the idle timeout');
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    this.lastReceivedAt = Date.now();
    let requests: RtspRequest[];
    let partial: boolean;
    try {
      ({ requests, partial } = this.reader.push(chunk));
    } catch (error) {
      const status = error instanceof RtspProtocolError ? error.status : 400;
      this.refuse(status, null, error instanceof Error ? error.message : String(error));
      return;
    }
    // A request started must be finished soon, playing or not: a slow request holds nothing for long.
    if (!partial && this.requestTimer) {
      clearTimeout(this.requestTimer);
      this.requestTimer = null;
    } else if (partial && !this.requestTimer) {
      this.requestTimer = setTimeout(() => this.refuse(408, null, 'a request was not finished in time'), this.config.handshakeTimeoutMs);
    }
    for (const request of requests) {
      if (++this.queued > MAX_QUEUED_REQUESTS) {
        this.refuse(400, null, 'too many requests sent ahead of their answers');
        return;
      }
      this.queue = this.queue.then(() => this.handle(request)).finally(() => (this.queued -= 1));
    }
  }

  /** Answers with an error status and closes the connection (after the answer is written); the server counts it. */
  private refuse(status: number, cseq: string | null, reason: string): void {
    this.refused(status, reason);
    void this.close(null, rtspResponse(status, cseq, { Connection: 'close' }));
  }

  private async handle(request: RtspRequest): Promise<void> {
    if (this.closed) return;
    if (request.cseq === null) return this.refuse(400, null, 'a request without CSeq');
    try {
      const answer = await this.answer(request);
      if (!this.closed && answer.response.length > 0) this.socket.write(answer.response);
      answer.afterwards?.();
    } catch (error) {
      const status = statusOf(error);
      const reason = `${request.method}: ${(error as Error).message}`;
      if (status === 500) this.log.error({ err: error, method: request.method }, 'RTSP request failed');
      if (CLOSING_STATUSES.includes(status)) return this.refuse(status, request.cseq, reason);
      // The session limit or a restarting media server is no refusal of the player: it is told when to try again.
      if (status === 503) this.log.info({ method: request.method, reason }, 'RTSP request answered 503');
      else if (status !== 500) this.refused(status, reason);
      if (!this.closed)
        this.socket.write(rtspResponse(status, request.cseq, status === 503 ? { 'Retry-After': String(RETRY_AFTER_S) } : {}));
    }
  }

  /** The response to a request, and what to do once it is written. */
  private async answer(request: RtspRequest): Promise<{ response: Buffer; afterwards?: () => void }> {
    const { cseq } = request;
    switch (request.method) {
      case 'OPTIONS':
        return { response: rtspResponse(200, cseq, { Public: METHODS.join(', ') }) };
      case 'GET_PARAMETER':
        return { response: rtspResponse(200, cseq, this.sessionHeader()) };
      case 'DESCRIBE': {
        const session = await this.open(request);
        // Players that set their decoder up from the SDP (Android's MediaCodec) need the parameter sets in it.
        const parameterSets = session.viewer.codec === 'H264' ? await session.viewer.parameterSets(PARAMETER_SETS_WAIT_MS) : null;
        if (this.closed) return { response: Buffer.alloc(0) };
        const body = rtspSessionDescription(session.viewer.codec, parameterSets);
        const base = request.url.endsWith('/') ? request.url : `${request.url}/`;
        return { response: rtspResponse(200, cseq, { 'Content-Type': 'application/sdp', 'Content-Base': base }, body) };
      }
      case 'SETUP': {
        const transport = request.headers.get('transport') ?? '';
        if (!/RTP\/AVP\/TCP/i.test(transport))
          throw new RtspProtocolError(461, 'Only RTP over the RTSP connection (RTP/AVP/TCP, interleaved) is offered.');
        this.checkSession(request, false);
        const session = await this.open(request);
        const interleaved = /interleaved=(\d{1,3})/.exec(transport);
        session.channel = interleaved ? Math.min(254, Number(interleaved[1])) : 0;
        return {
          response: rtspResponse(200, cseq, {
            Transport: `RTP/AVP/TCP;unicast;interleaved=${session.channel}-${session.channel + 1}`,
            ...this.sessionHeader(),
          }),
        };
      }
      case 'PLAY': {
        const session = this.checkSession(request, true);
        await this.claimsOf(request);
        return {
          response: rtspResponse(200, cseq, { Range: 'npt=0.000-', ...this.sessionHeader() }),
          afterwards: () => this.play(session),
        };
      }
      case 'TEARDOWN': {
        this.checkSession(request, true);
        return { response: Buffer.alloc(0), afterwards: () => void this.close(null, rtspResponse(200, cseq, this.sessionHeader())) };
      }
      default:
        throw new RtspProtocolError(405, `${request.method} is not offered.`);
    }
  }

  /** The link the request names, checked as WHEP checks it. */
  private async claimsOf(request: RtspRequest): Promise<{ claims: StreamClaims; roomId: string; token: string }> {
    const link = readRtspLink(request.url);
    if (!link) throw new RtspProtocolError(404, 'This is not a playback link.');
    if (this.session && (this.session.roomId !== link.roomId || this.session.token !== link.token))
      throw new RtspProtocolError(455, 'This connection plays another link.');
    if (!this.sources.playback.accepts(link.token)) throw new AppError('bad_stream_token', 'This playback link is not valid.');
    return { claims: await this.sources.playback.claims(link.token, link.roomId), roomId: link.roomId, token: link.token };
  }

  /** The session for the link, opened as a viewer peer of the room the first time. */
  private async open(request: RtspRequest): Promise<Session> {
    const { claims, roomId, token } = await this.claimsOf(request);
    if (this.session) return this.session;
    const codec = await this.publisherCodec(roomId);
    const viewer = new RtspViewerPeer(codec);
    let peerId: string | null = null;
    try {
      const offered = await this.sources.streams.offer(claims, await viewer.offer(), (message) => this.told(message));
      peerId = offered.peerId;
      await viewer.accept(offered.sdp);
    } catch (error) {
      await viewer.close();
      if (peerId) await this.sources.streams.endPeers([peerId]);
      throw error;
    }
    const session: Session = { id: randomBytes(8).toString('hex'), roomId, token, peerId, viewer, channel: 0, playing: false };
    this.session = session;
    viewer.onGone(() => void this.close('the media connection ended'));
    // Closed while the peer was being opened: it ends at once.
    if (this.closed) await this.endSession();
    else this.log.info({ room: roomId, peer: peerId, codec }, 'RTSP session opened');
    return session;
  }

  /** The codec the room's publisher sends now: the player is told it, and the viewer offers it alone. */
  private async publisherCodec(roomId: string): Promise<RtspCodec> {
    const codec = await this.currentCodec(roomId);
    if (codec) return codec;
    throw new RtspProtocolError(404, 'Nothing is being published to this room now.');
  }

  /** The codec the media server reports for the room's publisher; null when there is none, or it sent nothing yet. */
  private async currentCodec(roomId: string): Promise<RtspCodec | null> {
    const stats = await this.sources.streams.media.stats();
    const codec = stats.find((room) => room.roomId === roomId)?.publisher?.codec?.toUpperCase();
    return codec === 'H264' || codec === 'VP8' ? codec : null;
  }

  /** The stream service ended the peer (certificate revoked, room closed, media server restarted), or the publisher left or came back. */
  private told(message: SignalingServerMessage): void {
    if (message.type === 'closed' || message.type === 'reconnect') void this.close(message.reason);
    else if (message.type === 'publisher-left') this.publisherLeft();
    else if (message.type === 'publisher-back') void this.publisherBack();
  }

  /** A player waits for the publisher as a browser does, PUBLISHER_GRACE_MS; then the session ends. */
  private publisherLeft(): void {
    if (this.publisherGraceTimer || this.closed) return;
    this.publisherGraceTimer = setTimeout(() => void this.close('the publisher did not come back'), PUBLISHER_GRACE_MS);
    this.publisherGraceTimer.unref();
  }

  /** The player was told one codec in the SDP: a publisher back in another is one it cannot decode. */
  private async publisherBack(): Promise<void> {
    if (this.publisherGraceTimer) clearTimeout(this.publisherGraceTimer);
    this.publisherGraceTimer = null;
    const session = this.session;
    for (let poll = 0; poll < CODEC_POLLS && session && this.session === session && !this.closed; poll += 1) {
      const codec = await this.currentCodec(session.roomId).catch(() => null);
      if (codec) {
        if (codec !== session.viewer.codec) void this.close('the publisher came back in another codec');
        return;
      }
      await delay(CODEC_POLL_MS);
    }
  }

  private checkSession(request: RtspRequest, required: boolean): Session | null {
    const named = request.headers.get('session')?.split(';')[0]?.trim();
    if (named !== undefined && named !== this.session?.id) throw new RtspProtocolError(454, 'No such session.');
    if (required && !this.session) throw new RtspProtocolError(455, 'SETUP comes first.');
    return this.session;
  }

  private sessionHeader(): Record<string, string> {
    return this.session ? { Session: `${this.session.id};timeout=${SESSION_TIMEOUT_S}` } : {};
  }

  private play(session: Session | null): void {
    if (!session || session.playing || this.closed) return;
    session.playing = true;
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
    session.viewer.play((rtp) => this.send(session, rtp));
  }

  private send(session: Session, rtp: RtpPacket): void {
    if (this.closed) return;
    if (this.socket.writableLength > MAX_UNSENT_BYTES) {
      void this.close('the player does not read its video');
      return;
    }
    rtp.header.payloadType = RTSP_PAYLOAD_TYPE;
    const packet = rtp.serialize();
    const frame = Buffer.allocUnsafe(4 + packet.length);
    frame[0] = 0x24;
    frame[1] = session.channel;
    frame.writeUInt16BE(packet.length, 2);
    packet.copy(frame, 4);
    // The packets that arrive together (a frame's, the replay from the last keyframe) go out in as few segments as they fit.
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(frame);
  }

  private async endSession(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = null;
    await session.viewer.close().catch(() => undefined);
    await this.sources.streams.endPeers([session.peerId]).catch(() => undefined);
    this.log.info({ room: session.roomId, peer: session.peerId }, 'RTSP session ended');
  }
}

/** The RTSP status of a refusal: WHEP's 401/403/404 are RTSP's too; RTSP/1.0 has no 429, so the session limit is 503. */
function statusOf(error: unknown): number {
  if (error instanceof RtspProtocolError) return error.status;
  if (error instanceof AppError) {
    // The session limit, or the media server restarting: try again later.
    if (error.status === 429 || error.status === 503) return 503;
    return [400, 401, 403, 404].includes(error.status) ? error.status : 500;
  }
  return 500;
}
