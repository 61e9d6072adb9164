import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TIMEOUT_MS,
  MAX_SIGNALING_MESSAGE_BYTES,
  SignalingClientMessage,
  type SignalingErrorCode,
  type SignalingServerMessage,
} from '@argus/contracts/realtime/signaling';
import { SIGNALING_PATH } from '@argus/contracts/http/streams';
import type { SiteHosts } from '@argus/contracts/sites';
import { AppError } from '../../lib/app-error';
import { FrameBudget } from '../../lib/frame-budget';
import { isAllowedOrigin } from '../../realtime/origin';
import type { StreamClaims } from './stream-tokens';
import type { StreamsService } from './streams.service';

export interface SignalingSocketOptions {
  streams: StreamsService;
  siteHosts: SiteHosts;
}

/** Frames a client may send per second; ICE trickle is a few dozen at most. */
const MAX_MESSAGES_PER_SECOND = 100;
/** Close codes: 4400 a protocol error, 4401 a bad token, 4403 forbidden, 4404 no such room, 4503 reconnect. */
const CLOSE = { done: 1000, protocol: 4400, token: 4401, forbidden: 4403, room: 4404, reconnect: 4503, dead: 4408 } as const;

const FATAL: Partial<Record<string, { code: SignalingErrorCode; close: number }>> = {
  bad_stream_token: { code: 'bad_token', close: CLOSE.token },
  forbidden: { code: 'forbidden', close: CLOSE.forbidden },
  room_not_found: { code: 'room_not_found', close: CLOSE.room },
};

/**
 * /ws/signaling (protocol in contracts/realtime/signaling.ts). The stream token in `join` is the
 * credential, so the upgrade itself needs no cookie. A heartbeat finds dead peers in seconds and
 * their forwarding is stopped at once.
 */
export const signalingSocket: FastifyPluginAsync<SignalingSocketOptions> = async (app, { streams, siteHosts }) => {
  // Frames a little over the limit still arrive, so the client hears why they were refused.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SIGNALING_MESSAGE_BYTES * 4 });
  const sockets = new Set<WebSocket>();
  app.addHook('preClose', (done) => {
    for (const socket of sockets) socket.close(1001, 'The server is shutting down.');
    done();
  });
  app.addHook('onClose', async () => wss.close());

  app.route({
    method: 'GET',
    url: SIGNALING_PATH,
    config: { access: 'public' },
    schema: { hide: true },
    handler: (request, reply) => {
      const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
      if (!upgrade) throw new AppError('validation_failed', `Open ${SIGNALING_PATH} as a WebSocket.`);
      if (!isAllowedOrigin(request.headers.origin, request, siteHosts)) {
        throw new AppError('forbidden', 'Signalling connections are only accepted from Argus’s own sites.');
      }
      reply.hijack();
      // Another websocket plugin may have taken the upgrade and left its head on the request.
      const raw = request.raw as unknown as Record<symbol, unknown>;
      const headSymbol = Object.getOwnPropertySymbols(raw).find((symbol) => symbol.description === 'ws-head');
      const head = (headSymbol ? raw[headSymbol] : undefined) as Buffer | undefined;
      wss.handleUpgrade(request.raw, request.raw.socket, head ?? Buffer.alloc(0), (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        new SignalingConnection(socket, streams);
      });
    },
  });
};

class SignalingConnection {
  private claims: StreamClaims | null = null;
  private peerId: string | null = null;
  private answered = false;
  private lastSeen = Date.now();
  private readonly inbound = new FrameBudget(MAX_MESSAGES_PER_SECOND, 1000);
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  /** Messages are handled one after another, so a quick ice never overtakes its offer. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly streams: StreamsService,
  ) {
    socket.on('message', (data, isBinary) => {
      if (this.closed) return;
      // Counted on arrival: behind a slow offer, a flood would otherwise wait in the queue, frames and all.
      if (!this.inbound.take()) {
        return this.error('rate_limited', `Too many signalling messages (at most ${MAX_MESSAGES_PER_SECOND} a second).`, CLOSE.protocol);
      }
      this.queue = this.queue.then(() => this.receive(data, isBinary)).catch(() => undefined);
    });
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    this.heartbeat = setInterval(() => this.checkAlive(), Math.max(250, HEARTBEAT_INTERVAL_MS / 2));
    this.heartbeat.unref();
  }

  private send(message: SignalingServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private error(code: SignalingErrorCode, message: string, close?: number): void {
    this.send({ type: 'error', code, message, fatal: close !== undefined });
    if (close !== undefined) this.end(close, message);
  }

  private end(code: number, reason: string): void {
    // Close reasons are limited to 123 bytes.
    this.socket.close(code, Buffer.from(reason).subarray(0, 120).toString());
    this.dispose();
  }

  private checkAlive(): void {
    if (Date.now() - this.lastSeen <= HEARTBEAT_TIMEOUT_MS) return;
    // Silent too long: the peer is dead. Stop its forwarding now, not when ICE gives up.
    this.socket.terminate();
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.peerId) void this.streams.endPeers([this.peerId]);
  }

  private async receive(data: RawData, isBinary: boolean): Promise<void> {
    if (this.closed) return;
    this.lastSeen = Date.now();
    const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
    if (size > MAX_SIGNALING_MESSAGE_BYTES) {
      return this.error('message_too_large', `The message is too large (${size} bytes; at most ${MAX_SIGNALING_MESSAGE_BYTES}).`);
    }
    if (isBinary) return this.error('bad_message', 'Send signalling messages as JSON text.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
    } catch {
      return this.error('bad_message', 'The message is not valid JSON.');
    }
    const result = SignalingClientMessage.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      return this.error(
        'bad_message',
        `The message is not a signalling message: ${issue ? `${issue.path.join('.') || 'type'}: ${issue.message}` : 'unknown shape'}.`,
      );
    }
    try {
      await this.handle(result.data);
    } catch (error) {
      this.fail(error);
    }
  }

  private async handle(message: SignalingClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        return this.send({ type: 'pong', at: message.at, serverTime: Date.now() });
      case 'join': {
        if (this.claims) return this.error('out_of_order', 'This connection has already joined; open a new one for another room.');
        const claims = await this.streams.verifyToken(message.token);
        const room = await this.streams.roomOf(claims);
        this.claims = claims;
        this.peerId = randomUUID();
        return this.send({
          type: 'joined',
          room,
          role: claims.stream_role,
          peerId: this.peerId,
          iceServers: await this.streams.currentIceServers(),
          heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
          heartbeatTimeoutMs: HEARTBEAT_TIMEOUT_MS,
        });
      }
      case 'offer': {
        if (!this.claims || !this.peerId) return this.error('out_of_order', 'Send join with your stream token before the offer.');
        if (this.answered || this.streams.hasPeer(this.peerId))
          return this.error('out_of_order', 'This connection already has a media session; open a new connection to start again.');
        const notify = (server: SignalingServerMessage) => {
          this.send(server);
          if (server.type === 'reconnect') this.end(CLOSE.reconnect, server.reason);
          if (server.type === 'closed') this.end(CLOSE.done, server.reason);
        };
        const { sdp } = await this.streams.offer(this.claims, message.sdp, notify, this.peerId);
        this.answered = true;
        return this.send({ type: 'answer', peerId: this.peerId, sdp });
      }
      case 'ice': {
        if (!this.claims || !this.peerId || !this.answered)
          return this.error('out_of_order', 'Send ICE candidates after the offer has been answered.');
        // Never relayed: this socket took the offer, so its peer is on this node or on none
        // (docs/decisions/0076-janus-behind-the-media-server-interface.md).
        return this.streams.ice(this.claims, this.peerId, message.candidate, true);
      }
      case 'leave':
        return this.end(CLOSE.done, 'Left the room.');
    }
  }

  private fail(error: unknown): void {
    if (error instanceof AppError) {
      const fatal = FATAL[error.code];
      if (fatal) return this.error(fatal.code, error.message, fatal.close);
      const code =
        (['bad_sdp', 'out_of_order', 'too_many_candidates', 'media_unavailable'] as const).find((c) => c === error.code) ?? 'bad_message';
      return this.error(code, error.message);
    }
    this.error('media_unavailable', 'The server could not handle this message; try again.');
  }
}
