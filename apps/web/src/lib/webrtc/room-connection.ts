import type { StreamDefaults } from '@argus/contracts/http/stream-settings';
import { JoinStreamResponse, type IceCandidate, type StreamRole } from '@argus/contracts/http/streams';
import {
  SignalingServerMessage,
  TELEMETRY_CHANNEL_LABEL,
  type RoomStats,
  type SignalingClientMessage,
  type TelemetryMessage,
} from '@argus/contracts/realtime/signaling';
import { api } from '../api';
import { describeError, isApiError } from '../api-error';
import { limitSender, preferCodec } from './encoding';
import { parseTelemetry } from './telemetry';

/**
 * One browser peer in one SFU room, publishing or viewing, that keeps itself connected.
 *
 * Vocabulary: a *join* is the HTTP call that hands out a stream token; a *session* is one
 * signalling socket plus one RTCPeerConnection built on it. When anything breaks (socket closed,
 * heartbeat silent, ICE failed, the network went away, the server said `reconnect`) the session
 * is thrown away whole and a new one starts after a backoff, reusing the token while it is valid.
 * Only a refusal (forbidden, unknown room, closed by command) stops the retrying.
 */

export type RoomConnectionState =
  | 'joining'
  | 'connecting'
  /** Media flows (publisher: ICE connected; viewer: ICE connected and the publisher is present). */
  | 'live'
  /** Viewer: connected, but the room's publisher has dropped; frames resume when it returns. */
  | 'publisher-away'
  | 'reconnecting'
  /** Stopped on purpose, or the room was closed. */
  | 'closed'
  /** Refused; retrying would not help. */
  | 'failed';

export interface RoomConnectionOptions {
  room: string;
  role: StreamRole;
  /** Publishers: the tracks to send. */
  stream?: MediaStream;
  /** Publishers: codec, bitrate and frame rate (the user's defaults). */
  encoding?: Pick<StreamDefaults, 'codec' | 'bitrateKbps' | 'frameRate'>;
  onState?: (state: RoomConnectionState, detail: string | null) => void;
  /** Viewers: the stream to show; a new one after each reconnection. */
  onStream?: (stream: MediaStream) => void;
  /** A new RTCPeerConnection (for stats); null while there is none. */
  onPeerConnection?: (pc: RTCPeerConnection | null) => void;
  onTelemetry?: (telemetry: TelemetryMessage) => void;
  onRoomStats?: (stats: RoomStats) => void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 8_000;
/** A token this close to expiry is not reused for a new session. */
const TOKEN_MARGIN_MS = 30_000;
/** ICE 'disconnected' often heals by itself; give it this long before starting over. */
const DISCONNECTED_GRACE_MS = 2_500;
/** Refusals after which retrying is pointless. */
const FATAL_CODES = new Set(['forbidden', 'room_not_found', 'not_found']);

/** How long the offer waits for candidates to gather before it goes without the slow ones. */
const OFFER_GATHER_MS = 1_000;
/**
 * Host candidates come in one burst a few ms after the offer is set; gathering 'complete' comes
 * ~110 ms later even with no STUN server. The offer goes this long after the first candidate,
 * and anything later (STUN, TURN) trickles: a late joiner no longer waits for nothing.
 */
const AFTER_FIRST_CANDIDATE_MS = 15;

/** Resolves shortly after the first candidate, when gathering completes, or after `ms`, whichever is first. */
function gatheringSettled(pc: RTCPeerConnection, ms: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    let burst: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(burst);
      pc.removeEventListener('icegatheringstatechange', check);
      pc.removeEventListener('icecandidate', candidate);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const candidate = (event: RTCPeerConnectionIceEvent) => {
      if (event.candidate) burst ??= setTimeout(done, AFTER_FIRST_CANDIDATE_MS);
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener('icegatheringstatechange', check);
    pc.addEventListener('icecandidate', candidate);
  });
}

class Session {
  socket: WebSocket | null = null;
  pc: RTCPeerConnection | null = null;
  channel: RTCDataChannel | null = null;
  answered = false;
  /** The offer has gone with the candidates gathered so far. */
  offeredCandidates = false;
  pendingCandidates: IceCandidate[] = [];
  timers: ReturnType<typeof setTimeout>[] = [];
  lastPong = 0;
  ended = false;
}

export class RoomConnection {
  private state: RoomConnectionState = 'joining';
  private join: JoinStreamResponse | null = null;
  private session: Session | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private publisherPresent = true;
  private readonly handleOnline = () => {
    if (this.state === 'reconnecting') this.restart('The network is back.', 0);
  };

  constructor(private readonly options: RoomConnectionOptions) {}

  get currentState(): RoomConnectionState {
    return this.state;
  }

  get peerConnection(): RTCPeerConnection | null {
    return this.session?.pc ?? null;
  }

  start(): void {
    window.addEventListener('online', this.handleOnline);
    void this.open();
  }

  /** Leaves the room for good. */
  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.handleOnline);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.endSession(true);
    this.setState('closed', null);
  }

  /** Publishers: sends the device's position, heading and battery to every viewer. */
  sendTelemetry(message: TelemetryMessage): boolean {
    const channel = this.session?.channel;
    if (channel?.readyState !== 'open') return false;
    channel.send(JSON.stringify(message));
    return true;
  }

  /** Publishers: swaps the camera (a device change) without renegotiating. */
  async replaceStream(stream: MediaStream): Promise<void> {
    this.options.stream = stream;
    const pc = this.session?.pc;
    if (!pc) return;
    for (const sender of pc.getSenders()) {
      const kind = sender.track?.kind ?? null;
      const next = stream.getTracks().find((track) => track.kind === kind);
      if (next) await sender.replaceTrack(next);
    }
  }

  private setState(state: RoomConnectionState, detail: string | null): void {
    this.state = state;
    this.options.onState?.(state, detail);
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    if (!this.join || this.join.expiresAt - Date.now() < TOKEN_MARGIN_MS) {
      this.setState(this.state === 'reconnecting' ? 'reconnecting' : 'joining', null);
      try {
        this.join = await api.post('/stream/join', { room: this.options.room, role: this.options.role }, JoinStreamResponse, {
          kind: 'streaming',
        });
      } catch (error) {
        if (this.stopped) return;
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
          this.fail(describeError(error));
          return;
        }
        this.scheduleRetry(describeError(error));
        return;
      }
    }
    if (this.stopped) return;
    this.connect(this.join);
  }

  private connect(join: JoinStreamResponse): void {
    const session = new Session();
    this.session = session;
    if (this.state !== 'reconnecting') this.setState('connecting', null);
    const socket = new WebSocket(join.signalingUrl);
    session.socket = socket;
    socket.addEventListener('open', () => this.send(session, { type: 'join', token: join.token }));
    socket.addEventListener('message', (event) => {
      this.handleMessage(session, event.data).catch((error: unknown) => {
        if (!session.ended) this.restart(error instanceof Error ? error.message : 'Setting up the media connection failed.');
      });
    });
    socket.addEventListener('close', (event) => {
      if (!session.ended) this.restart(`The signalling connection closed${event.reason ? `: ${event.reason}` : ` (code ${event.code})`}.`);
    });
  }

  private send(session: Session, message: SignalingClientMessage): void {
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(JSON.stringify(message));
  }

  private async handleMessage(session: Session, data: unknown): Promise<void> {
    if (session.ended || typeof data !== 'string') return;
    let message: SignalingServerMessage;
    try {
      const parsed = SignalingServerMessage.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    switch (message.type) {
      case 'joined':
        this.startHeartbeat(session, message.heartbeatIntervalMs, message.heartbeatTimeoutMs);
        this.publisherPresent = message.room.status === 'live' || this.options.role === 'publish';
        await this.negotiate(session, message.iceServers);
        return;
      case 'answer':
        await this.handleAnswer(session, message.sdp);
        return;
      case 'ice':
        if (message.candidate && session.pc) await session.pc.addIceCandidate(message.candidate).catch(() => undefined);
        return;
      case 'pong':
        session.lastPong = Date.now();
        return;
      case 'publisher-left':
        this.publisherPresent = false;
        if (this.options.role === 'view' && this.state === 'live')
          this.setState('publisher-away', 'The publisher dropped; waiting for it to come back.');
        return;
      case 'publisher-back':
        this.publisherPresent = true;
        if (this.options.role === 'view' && session.pc?.connectionState === 'connected') this.setState('live', null);
        return;
      case 'stats':
        this.options.onRoomStats?.(message.stats);
        return;
      case 'reconnect':
        this.restart(message.reason, message.afterMs);
        return;
      case 'closed':
        this.stopped = true;
        this.endSession(false);
        this.setState('closed', message.reason);
        return;
      case 'error':
        if (message.code === 'bad_token') {
          // An expired or revoked token: ask for a new one and start over.
          this.join = null;
          this.restart(message.message);
        } else if (message.fatal && FATAL_CODES.has(message.code)) {
          this.fail(message.message);
        } else if (message.fatal) {
          this.restart(message.message);
        }
        return;
    }
  }

  private async negotiate(session: Session, iceServers: RTCIceServer[]): Promise<void> {
    // Only the servers Argus hands out: the browser's own defaults would leak to a public STUN server.
    const pc = new RTCPeerConnection({ iceServers });
    session.pc = pc;
    this.options.onPeerConnection?.(pc);
    pc.addEventListener('icecandidate', (event) => {
      // Candidates already in the offer are not sent again; later ones (STUN, TURN) trickle.
      if (!session.offeredCandidates) return;
      const candidate: IceCandidate | null = event.candidate
        ? { candidate: event.candidate.candidate, sdpMid: event.candidate.sdpMid, sdpMLineIndex: event.candidate.sdpMLineIndex }
        : null;
      if (session.answered) this.send(session, { type: 'ice', candidate });
      else if (candidate) session.pendingCandidates.push(candidate);
    });
    pc.addEventListener('connectionstatechange', () => this.handleConnectionState(session));

    if (this.options.role === 'publish') {
      const stream = this.options.stream;
      if (!stream) throw new Error('A publisher needs a stream.');
      for (const track of stream.getTracks()) {
        const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
        if (track.kind === 'video') preferCodec(transceiver, this.options.encoding?.codec ?? 'auto');
      }
      session.channel = pc.createDataChannel(TELEMETRY_CHANNEL_LABEL);
    } else {
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      const remote = new MediaStream();
      pc.addEventListener('track', (event) => {
        remote.addTrack(event.track);
        this.options.onStream?.(remote);
      });
      // The viewer opens the telemetry channel itself; the SFU writes the publisher's telemetry to it.
      const channel = pc.createDataChannel(TELEMETRY_CHANNEL_LABEL);
      session.channel = channel;
      channel.addEventListener('message', (message) => {
        const telemetry = parseTelemetry(message.data);
        if (telemetry) this.options.onTelemetry?.(telemetry);
      });
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    // The offer carries the host candidates, which come at once; later ones trickle (the SFU also
    // learns addresses from our connectivity checks).
    await gatheringSettled(pc, OFFER_GATHER_MS);
    if (session.ended) return;
    session.offeredCandidates = true;
    this.send(session, { type: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp ?? '' });
  }

  private async handleAnswer(session: Session, sdp: string): Promise<void> {
    const pc = session.pc;
    if (!pc) return;
    await pc.setRemoteDescription({ type: 'answer', sdp });
    session.answered = true;
    for (const candidate of session.pendingCandidates) this.send(session, { type: 'ice', candidate });
    session.pendingCandidates = [];
    const encoding = this.options.encoding;
    if (this.options.role === 'publish' && encoding) {
      const video = pc.getSenders().find((sender) => sender.track?.kind === 'video');
      if (video) await limitSender(video, encoding.bitrateKbps, encoding.frameRate).catch(() => undefined);
    }
  }

  private handleConnectionState(session: Session): void {
    const pc = session.pc;
    if (!pc || session.ended) return;
    if (pc.connectionState === 'connected') {
      this.retryMs = FIRST_RETRY_MS;
      this.setState(this.options.role === 'view' && !this.publisherPresent ? 'publisher-away' : 'live', null);
    } else if (pc.connectionState === 'failed') {
      this.restart('The media connection failed.');
    } else if (pc.connectionState === 'disconnected') {
      session.timers.push(
        setTimeout(() => {
          if (!session.ended && pc.connectionState === 'disconnected') this.restart('The media connection was lost.');
        }, DISCONNECTED_GRACE_MS),
      );
    }
  }

  private startHeartbeat(session: Session, intervalMs: number, timeoutMs: number): void {
    session.lastPong = Date.now();
    const beat = setInterval(() => {
      if (session.ended) return clearInterval(beat);
      // Twice the server's limit: the server drops a silent peer itself, so this only has to catch a
      // server or network that went away, and a busy server must not make every client start over.
      if (Date.now() - session.lastPong > timeoutMs * 2) {
        clearInterval(beat);
        this.restart('The server stopped answering.');
        return;
      }
      this.send(session, { type: 'ping', at: Date.now() });
    }, intervalMs);
    session.timers.push(beat);
  }

  private endSession(sayLeave: boolean): void {
    const session = this.session;
    if (!session) return;
    session.ended = true;
    this.session = null;
    session.timers.forEach((timer) => clearTimeout(timer));
    if (sayLeave) this.send(session, { type: 'leave' });
    session.socket?.close();
    session.pc?.close();
    this.options.onPeerConnection?.(null);
  }

  /** Throws the session away and starts a new one after the backoff (or `afterMs`). */
  private restart(reason: string, afterMs?: number): void {
    if (this.stopped) return;
    this.endSession(false);
    this.scheduleRetry(reason, afterMs);
  }

  private scheduleRetry(reason: string, afterMs?: number): void {
    if (this.stopped) return;
    this.setState('reconnecting', reason);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    // Jitter keeps a room's viewers from all coming back in the same instant after a restart.
    const delay = (afterMs ?? this.retryMs) + Math.random() * 250;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.open();
    }, delay);
  }

  private fail(reason: string): void {
    this.stopped = true;
    this.endSession(false);
    window.removeEventListener('online', this.handleOnline);
    this.setState('failed', reason);
  }
}
