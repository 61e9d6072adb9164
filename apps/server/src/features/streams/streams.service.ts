import { randomUUID } from 'node:crypto';
import {
  COMMAND_ROOM_ID,
  SIGNALING_PATH,
  unitRoomId,
  whepPath,
  whipPath,
  type CreateStreamRequest,
  type IceCandidate,
  type JoinStreamRequest,
  type JoinStreamResponse,
  type LeaveStreamRequest,
  type StreamHealthResponse,
  type StreamRole,
  type StreamRoom,
  type VideoSdkRoomResponse,
  type VideoSdkTokenResponse,
} from '@argus/contracts/http/streams';
import { PUBLISHER_GRACE_MS, STATS_INTERVAL_MS, type SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { isCommandRole } from '@argus/contracts/roles';
import type { IceServer } from '@argus/contracts/http/stream-settings';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { MediaError, type MediaEvent, type MediaRoomStats, type MediaServer } from '../../media/media-server';
import { canCreate, canPublish, canView, type StreamUser } from './stream-access';
import type { StreamClaims, StreamTokens } from './stream-tokens';
import { presentRoom, type RoomLiveState } from './streams.presenter';
import type { StreamRoomRow, StreamsRepository } from './streams.repository';

/** Where the client reached this server: the answers name URLs on the same origin. */
export interface Origin {
  http: string;
  ws: string;
}

export interface SignedInUser {
  id: string;
  role: string;
  full_name: string;
}

interface LivePeer {
  id: string;
  roomId: string;
  userId: string;
  name: string;
  role: StreamRole;
  startedAt: number;
  /** The signalling socket of this peer, when it has one (HTTP and WHIP peers have none). */
  notify: ((message: SignalingServerMessage) => void) | null;
}

/** Live video rooms: who may create, publish and view, the stream tokens, and the peers of the SFU. */
export class StreamsService {
  private readonly peers = new Map<string, LivePeer>();
  private readonly publisherGoneAt = new Map<string, number>();
  private statsTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly repository: StreamsRepository,
    readonly media: MediaServer,
    private readonly tokens: StreamTokens,
    private readonly unitsOf: (userId: string) => Promise<ReadonlySet<string>>,
    private readonly iceServers: () => Promise<IceServer[]>,
    private readonly clock: Clock,
    private readonly targetBitrateKbps: number,
  ) {
    this.unsubscribe = media.on((event) => this.onMediaEvent(event));
  }

  // ---- rooms ----

  async create(user: SignedInUser, request: CreateStreamRequest): Promise<StreamRoom> {
    const streamUser = await this.streamUser(user);
    if (!canCreate(streamUser, request.kind, request.unitId)) {
      throw new AppError('forbidden', user.role === 'Field_Unit' ? 'A field unit may only create a field room for its own unit.' : 'Your role cannot create video rooms.');
    }
    const id = request.id ?? (request.kind === 'field' && request.unitId ? unitRoomId(request.unitId) : `room-${randomUUID().slice(0, 8)}`);
    const existing = await this.repository.find(id);
    if (existing) {
      if (existing.kind !== request.kind || existing.unit_id !== (request.unitId ?? null)) throw new AppError('conflict', `A different room with the id "${id}" is already open.`);
      return this.present(existing);
    }
    await this.repository.upsert({
      id,
      name: request.name,
      kind: request.kind,
      unit_id: request.unitId ?? null,
      camera_id: request.cameraId ?? null,
      shared_unit_ids: JSON.stringify(request.sharedWithUnitIds ?? []),
      created_by: user.id,
      created_at: this.clock.now(),
      closed_at: null,
    });
    return this.present((await this.repository.find(id))!);
  }

  async list(user: SignedInUser): Promise<StreamRoom[]> {
    const streamUser = await this.streamUser(user);
    await this.ensureCommandRoom();
    const rows = (await this.repository.listOpen()).filter((row) => canView(streamUser, row) || canPublish(streamUser, row));
    const stats = await this.media.stats();
    const names = await this.repository.userNames([...new Set([...this.peers.values()].map((peer) => peer.userId))]);
    return rows.map((row) => presentRoom(row, this.liveState(row.id, stats, names)));
  }

  async join(user: SignedInUser, request: JoinStreamRequest, origin: Origin): Promise<JoinStreamResponse> {
    const room = await this.authorisedRoom(user, request.room, request.role);
    const { token, expiresAt } = await this.tokens.issue({ sub: user.id, room: room.id, stream_role: request.role, user_role: user.role, name: user.full_name });
    return {
      room: await this.present(room),
      role: request.role,
      iceServers: await this.iceServers(),
      token,
      expiresAt,
      signalingUrl: `${origin.ws}${SIGNALING_PATH}`,
      httpEndpoint: `${origin.http}${request.role === 'publish' ? whipPath(room.id) : whepPath(room.id)}`,
      targetBitrateKbps: this.targetBitrateKbps,
    };
  }

  async leave(user: SignedInUser, request: LeaveStreamRequest): Promise<number> {
    const room = await this.repository.find(request.room);
    if (!room) throw new AppError('room_not_found');
    if (request.close) {
      if (!isCommandRole(user.role)) throw new AppError('forbidden', 'Only command staff may close a room for everyone.');
      const peers = [...this.peers.values()].filter((peer) => peer.roomId === room.id);
      for (const peer of peers) peer.notify?.({ type: 'closed', reason: 'Command closed this room.' });
      await this.endPeers(peers.map((peer) => peer.id));
      await this.media.closeRoom(room.id);
      if (room.id !== COMMAND_ROOM_ID) await this.repository.close(room.id, this.clock.now());
      return peers.length;
    }
    const mine = [...this.peers.values()].filter((peer) => peer.roomId === room.id && peer.userId === user.id && (!request.peerId || peer.id === request.peerId));
    if (request.peerId && mine.length === 0) throw new AppError('peer_not_found');
    await this.endPeers(mine.map((peer) => peer.id));
    return mine.length;
  }

  async health(user: SignedInUser): Promise<StreamHealthResponse> {
    const rooms = await this.list(user);
    const stats = new Map((await this.media.stats()).map((entry) => [entry.roomId, entry]));
    return {
      sfu: this.media.state,
      rooms: rooms.map((room) => {
        const entry = stats.get(room.id);
        return {
          id: room.id,
          name: room.name,
          status: room.status,
          viewers: room.viewers,
          publisher: entry?.publisher ?? null,
          egressKbps: entry?.egressKbps ?? 0,
        };
      }),
      at: this.clock.now(),
    };
  }

  async videoSdkToken(user: SignedInUser, origin: Origin): Promise<VideoSdkTokenResponse> {
    const room = await this.ensureCommandRoom();
    const streamUser = await this.streamUser(user);
    const role: StreamRole = canPublish(streamUser, room) ? 'publish' : 'view';
    const joined = await this.join(user, { room: COMMAND_ROOM_ID, role }, origin);
    return { token: joined.token, roomId: COMMAND_ROOM_ID, expiresAt: joined.expiresAt, iceServers: joined.iceServers, signalingUrl: joined.signalingUrl };
  }

  async videoSdkRoom(user: SignedInUser, origin: Origin): Promise<VideoSdkRoomResponse> {
    const room = await this.authorisedRoom(user, COMMAND_ROOM_ID, 'view');
    return {
      room: await this.present(room),
      signalingUrl: `${origin.ws}${SIGNALING_PATH}`,
      whepUrl: `${origin.http}${whepPath(room.id)}`,
      whipUrl: `${origin.http}${whipPath(room.id)}`,
    };
  }

  // ---- signalling (HTTP, socket, WHIP and WHEP) ----

  /** The room a token names, as the client should see it (the signalling socket's joined). */
  async roomOf(claims: StreamClaims): Promise<StreamRoom> {
    return this.present(await this.checkClaims(claims));
  }

  currentIceServers(): Promise<IceServer[]> {
    return this.iceServers();
  }

  verifyToken(token: string): Promise<StreamClaims> {
    return this.tokens.verify(token);
  }

  /** Claims for a signed-in user (an access token on WHIP/WHEP), checked like /stream/join. */
  async claimsFor(user: SignedInUser, roomId: string, role: StreamRole): Promise<StreamClaims> {
    const room = await this.authorisedRoom(user, roomId, role);
    return { sub: user.id, room: room.id, stream_role: role, user_role: user.role, name: user.full_name };
  }

  /** The room of a token must still exist and still admit the user: a closed room ends its tokens. */
  async checkClaims(claims: StreamClaims): Promise<StreamRoomRow> {
    return this.authorisedRoom({ id: claims.sub, role: claims.user_role, full_name: claims.name }, claims.room, claims.stream_role);
  }

  async offer(claims: StreamClaims, sdp: string | undefined, notify: LivePeer['notify'] = null, peerId: string = randomUUID()): Promise<{ peerId: string; type: 'answer' | 'offer'; sdp: string }> {
    const room = await this.checkClaims(claims);
    if (sdp === undefined && claims.stream_role === 'publish') throw new AppError('bad_sdp', 'A publisher sends its offer (sdp); only viewers may ask the server to offer.');
    const peer: LivePeer = { id: peerId, roomId: room.id, userId: claims.sub, name: claims.name, role: claims.stream_role, startedAt: this.clock.now(), notify };
    let answer: string;
    try {
      if (claims.stream_role === 'publish') answer = await this.media.publish(room.id, peerId, sdp!);
      else answer = sdp === undefined ? await this.media.viewOffer(room.id, peerId) : await this.media.view(room.id, peerId, sdp);
    } catch (error) {
      throw toAppError(error);
    }
    if (claims.stream_role === 'publish') {
      // The newest publisher wins (a unit reconnecting from a fresh socket); the old one is told.
      for (const other of this.peers.values()) {
        if (other.roomId === room.id && other.role === 'publish') {
          other.notify?.({ type: 'closed', reason: 'Another connection started publishing to this room.' });
          await this.endPeers([other.id], false);
        }
      }
      this.publisherGoneAt.delete(room.id);
    }
    this.peers.set(peerId, peer);
    await this.repository.startSession({ id: peerId, room_id: room.id, user_id: claims.sub, role: claims.stream_role, started_at: peer.startedAt });
    if (notify) this.startStats();
    return { peerId, type: sdp === undefined ? 'offer' : 'answer', sdp: answer };
  }

  async answer(claims: StreamClaims, peerId: string, sdp: string): Promise<void> {
    this.ownPeer(claims, peerId);
    await this.media.answer(peerId, sdp).catch((error: unknown) => {
      throw toAppError(error);
    });
  }

  async ice(claims: StreamClaims, peerId: string, candidate: IceCandidate | null): Promise<void> {
    this.ownPeer(claims, peerId);
    await this.media.addIceCandidate(peerId, candidate).catch((error: unknown) => {
      throw toAppError(error);
    });
  }

  /** Ends a peer the caller owns (WHIP/WHEP DELETE, leave over the socket). */
  async endOwnPeer(claims: StreamClaims, peerId: string): Promise<void> {
    this.ownPeer(claims, peerId);
    await this.endPeers([peerId]);
  }

  /** Ends peers at once: forwarding stops before anything else happens. */
  async endPeers(peerIds: string[], closeMedia = true): Promise<void> {
    for (const peerId of peerIds) {
      const peer = this.peers.get(peerId);
      if (!peer) continue;
      this.peers.delete(peerId);
      if (closeMedia) await this.media.closePeer(peerId);
      await this.repository.endSession(peerId, this.clock.now());
    }
    if (![...this.peers.values()].some((peer) => peer.notify)) this.stopStats();
  }

  hasPeer(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.stopStats();
    await this.media.stop();
  }

  // ---- internals ----

  private ownPeer(claims: StreamClaims, peerId: string): LivePeer {
    const peer = this.peers.get(peerId);
    if (!peer || peer.userId !== claims.sub || peer.roomId !== claims.room) throw new AppError('peer_not_found');
    return peer;
  }

  private async streamUser(user: { id: string; role: string }): Promise<StreamUser> {
    return { id: user.id, role: user.role, unitIds: user.role === 'Field_Unit' ? await this.unitsOf(user.id) : new Set() };
  }

  private async authorisedRoom(user: SignedInUser, roomId: string, role: StreamRole): Promise<StreamRoomRow> {
    const streamUser = await this.streamUser(user);
    let room = roomId === COMMAND_ROOM_ID ? await this.ensureCommandRoom() : await this.repository.find(roomId);
    // A field unit's own room opens the first time it goes live (or command joins it).
    if (!room && roomId.startsWith('unit-')) room = await this.openUnitRoom(roomId.slice('unit-'.length), user.id);
    if (!room) throw new AppError('room_not_found', `No open video room "${roomId}".`);
    const allowed = role === 'publish' ? canPublish(streamUser, room) : canView(streamUser, room);
    if (!allowed) {
      throw new AppError(
        'forbidden',
        role === 'publish'
          ? 'Your role cannot publish to this room: field units publish only to their own unit’s room.'
          : 'Your role cannot watch this room: it is not shared with your unit.',
      );
    }
    return room;
  }

  private async openUnitRoom(unitId: string, userId: string): Promise<StreamRoomRow | undefined> {
    const callsign = await this.repository.unitCallsign(unitId);
    if (callsign === null) return undefined;
    await this.repository.upsert({ id: unitRoomId(unitId), name: `${callsign} live`, kind: 'field', unit_id: unitId, camera_id: null, shared_unit_ids: '[]', created_by: userId, created_at: this.clock.now(), closed_at: null });
    return this.repository.find(unitRoomId(unitId));
  }

  private async ensureCommandRoom(): Promise<StreamRoomRow> {
    const existing = await this.repository.find(COMMAND_ROOM_ID);
    if (existing) return existing;
    await this.repository.upsert({ id: COMMAND_ROOM_ID, name: 'Command room', kind: 'program', unit_id: null, camera_id: null, shared_unit_ids: '[]', created_by: null, created_at: this.clock.now(), closed_at: null });
    return (await this.repository.find(COMMAND_ROOM_ID))!;
  }

  private async present(row: StreamRoomRow): Promise<StreamRoom> {
    const names = await this.repository.userNames([...new Set([...this.peers.values()].map((peer) => peer.userId))]);
    return presentRoom(row, this.liveState(row.id, await this.media.stats(), names));
  }

  private liveState(roomId: string, stats: MediaRoomStats[], names: Map<string, string>): RoomLiveState {
    const peers = [...this.peers.values()].filter((peer) => peer.roomId === roomId);
    const publisher = peers.find((peer) => peer.role === 'publish');
    const viewers = peers.filter((peer) => peer.role === 'view').length;
    const goneAt = this.publisherGoneAt.get(roomId);
    const status = publisher ? 'live' : goneAt !== undefined && this.clock.now() - goneAt < PUBLISHER_GRACE_MS && viewers > 0 ? 'reconnecting' : 'waiting';
    const codec = stats.find((entry) => entry.roomId === roomId)?.publisher?.codec ?? null;
    return {
      status,
      viewers,
      publisher: publisher ? { userId: publisher.userId, name: names.get(publisher.userId) ?? publisher.name, since: publisher.startedAt, codec } : null,
    };
  }

  private onMediaEvent(event: MediaEvent): void {
    switch (event.type) {
      case 'publisher-left':
      case 'publisher-back': {
        if (event.type === 'publisher-left') this.publisherGoneAt.set(event.roomId, this.clock.now());
        else this.publisherGoneAt.delete(event.roomId);
        for (const peer of this.peers.values()) {
          if (peer.roomId === event.roomId && peer.role === 'view') peer.notify?.({ type: event.type, room: event.roomId });
        }
        break;
      }
      case 'peer-failed': {
        const peer = this.peers.get(event.peerId);
        peer?.notify?.({ type: 'reconnect', reason: 'The media connection failed.', afterMs: 500 });
        void this.endPeers([event.peerId], false);
        break;
      }
      case 'restarted': {
        const peers = [...this.peers.values()];
        for (const peer of peers) peer.notify?.({ type: 'reconnect', reason: 'The media server restarted.', afterMs: 250 + Math.floor(Math.random() * 500) });
        void this.endPeers(
          peers.map((peer) => peer.id),
          false,
        );
        break;
      }
    }
  }

  private startStats(): void {
    this.statsTimer ??= setInterval(() => void this.pushStats(), STATS_INTERVAL_MS);
    this.statsTimer.unref();
  }

  private stopStats(): void {
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
  }

  private async pushStats(): Promise<void> {
    const stats = await this.media.stats();
    const byRoom = new Map(stats.map((entry) => [entry.roomId, entry]));
    for (const peer of this.peers.values()) {
      if (!peer.notify) continue;
      const entry = byRoom.get(peer.roomId);
      const viewers = [...this.peers.values()].filter((other) => other.roomId === peer.roomId && other.role === 'view').length;
      peer.notify({
        type: 'stats',
        stats: {
          room: peer.roomId,
          viewers,
          bitrateKbps: entry?.publisher?.bitrateKbps ?? 0,
          fps: entry?.publisher?.fps ?? 0,
          packetLoss: entry?.publisher?.packetLoss ?? 0,
          rttMs: entry?.publisher?.rttMs ?? null,
          codec: entry?.publisher?.codec ?? null,
        },
      });
    }
  }
}

export function toAppError(error: unknown): Error {
  if (error instanceof MediaError) return new AppError(error.code, error.message);
  return error instanceof Error ? error : new Error(String(error));
}
