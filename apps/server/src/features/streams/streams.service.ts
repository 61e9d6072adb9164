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
import { isCommandRole } from '@argus/contracts/roles';
import type { IceServer } from '@argus/contracts/http/stream-settings';
import { PUBLISHER_GRACE_MS } from '@argus/contracts/realtime/signaling';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { MediaServer } from '../../media/media-server';
import type { EventPublisher } from '../../realtime/events';
import { LivePeers, type LivePeer, type PublisherElsewhere } from './live-peers';
import { handleMediaEvent } from './media-events';
import type { PeerRelay } from './peer-relay';
import { PeerSessions } from './peer-sessions';
import { PeerStatsPush } from './peer-stats-push';
import { canCreate, canPublish, canView } from './stream-access';
import type { StreamNodes } from './stream-nodes';
import { StreamRoomEvents } from './stream-room-events';
import { StreamRooms, type SignedInUser } from './stream-rooms';
import type { StreamClaims, StreamTokens } from './stream-tokens';
import { presentRoom } from './streams.presenter';
import type { StreamRoomRow, StreamsRepository } from './streams.repository';

export type { SignedInUser } from './stream-rooms';

/** Where the client reached this server: the answers name URLs on the same origin. */
export interface Origin {
  http: string;
  ws: string;
}

/**
 * Live video rooms: who may create, publish and view, and the stream tokens. Finding rooms,
 * the live peers and the signalling sessions each live in their own file; this is what the
 * routes, the signalling socket and WHIP/WHEP call.
 */
export class StreamsService {
  private readonly peers: LivePeers;
  private readonly rooms: StreamRooms;
  private readonly sessions: PeerSessions;
  private readonly statsPush: PeerStatsPush;
  private readonly roomEvents: StreamRoomEvents;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly repository: StreamsRepository,
    readonly media: MediaServer,
    private readonly tokens: StreamTokens,
    unitsOf: (userId: string) => Promise<ReadonlySet<string>>,
    private readonly iceServers: () => Promise<IceServer[]>,
    private readonly clock: Clock,
    private readonly targetBitrateKbps: number,
    events: EventPublisher,
    private readonly relay: PeerRelay | null = null,
    /** The processes sharing the media server, whose viewers each counts; null: one process holds every viewer. */
    private readonly nodes: StreamNodes | null = null,
  ) {
    this.peers = new LivePeers(clock);
    this.roomEvents = new StreamRoomEvents(
      events,
      async (roomId) => {
        const row = await repository.find(roomId);
        return row ? { row, room: await this.present(row) } : undefined;
      },
      (error) => console.error('streams: announcing a room change', error),
    );
    const announce = this.roomEvents.changed.bind(this.roomEvents);
    this.rooms = new StreamRooms(repository, unitsOf, clock, (roomId) => announce(roomId, 'created'));
    this.statsPush = new PeerStatsPush(this.peers, media, (roomIds) => this.viewerCounts(roomIds));
    this.sessions = new PeerSessions(this.rooms, this.peers, media, tokens, clock, this.statsPush, announce, relay, nodes?.id ?? null);
    this.unsubscribe = media.on((event) =>
      handleMediaEvent(event, this.peers, (ids, closeMedia) => this.endPeers(ids, closeMedia), announce),
    );
  }

  // ---- rooms ----

  async create(user: SignedInUser, request: CreateStreamRequest): Promise<StreamRoom> {
    const streamUser = await this.rooms.streamUser(user);
    if (!canCreate(streamUser, request.kind, request.unitId)) {
      throw new AppError(
        'forbidden',
        user.role === 'Field_Unit' ? 'A field unit may only create a field room for its own unit.' : 'Your role cannot create video rooms.',
      );
    }
    const id = request.id ?? (request.kind === 'field' && request.unitId ? unitRoomId(request.unitId) : `room-${randomUUID().slice(0, 8)}`);
    const existing = await this.repository.find(id);
    if (existing) {
      if (existing.kind !== request.kind || existing.unit_id !== (request.unitId ?? null))
        throw new AppError('conflict', `A different room with the id "${id}" is already open.`);
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
    this.roomEvents.changed(id, 'created');
    return this.present((await this.repository.find(id))!);
  }

  async list(user: SignedInUser): Promise<StreamRoom[]> {
    const streamUser = await this.rooms.streamUser(user);
    await this.rooms.ensureCommandRoom();
    return this.presentAll((await this.repository.listOpen()).filter((row) => canView(streamUser, row) || canPublish(streamUser, row)));
  }

  async join(user: SignedInUser, request: JoinStreamRequest, origin: Origin): Promise<JoinStreamResponse> {
    const room = await this.rooms.authorised(user, request.room, request.role);
    const { token, expiresAt } = await this.tokens.issue({
      sub: user.id,
      room: room.id,
      stream_role: request.role,
      user_role: user.role,
      name: user.full_name,
    });
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
      const peers = this.peers.inRoom(room.id);
      for (const peer of peers) peer.notify?.({ type: 'closed', reason: 'Command closed this room.' });
      await this.endPeers(peers.map((peer) => peer.id));
      await this.media.closeRoom(room.id);
      if (room.id !== COMMAND_ROOM_ID) {
        const closedAt = this.clock.now();
        await this.repository.close(room.id, closedAt);
        const closed = { ...room, closed_at: closedAt };
        this.roomEvents.closed(closed, await this.present(closed));
      }
      return peers.length;
    }
    const mine = this.peers.inRoom(room.id).filter((peer) => peer.userId === user.id && (!request.peerId || peer.id === request.peerId));
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
          viewerRttMs: entry?.viewerRttMs ?? null,
        };
      }),
      at: this.clock.now(),
    };
  }

  async videoSdkToken(user: SignedInUser, origin: Origin): Promise<VideoSdkTokenResponse> {
    const room = await this.rooms.ensureCommandRoom();
    const streamUser = await this.rooms.streamUser(user);
    const role: StreamRole = canPublish(streamUser, room) ? 'publish' : 'view';
    const joined = await this.join(user, { room: COMMAND_ROOM_ID, role }, origin);
    return {
      token: joined.token,
      roomId: COMMAND_ROOM_ID,
      expiresAt: joined.expiresAt,
      iceServers: joined.iceServers,
      signalingUrl: joined.signalingUrl,
    };
  }

  async videoSdkRoom(user: SignedInUser, origin: Origin): Promise<VideoSdkRoomResponse> {
    const room = await this.rooms.authorised(user, COMMAND_ROOM_ID, 'view');
    return {
      room: await this.present(room),
      signalingUrl: `${origin.ws}${SIGNALING_PATH}`,
      whepUrl: `${origin.http}${whepPath(room.id)}`,
      whipUrl: `${origin.http}${whipPath(room.id)}`,
    };
  }

  // ---- watching without a browser session (TAK devices: docs/decisions/0073-tak-video-out-and-read-receipts.md) ----

  /** The open rooms a user may watch (stream-access.ts's one rule), as they are now. */
  async watchable(user: { id: string; role: string }): Promise<StreamRoom[]> {
    const streamUser = await this.rooms.streamUser(user);
    return this.presentAll((await this.repository.listOpen()).filter((row) => canView(streamUser, row)));
  }

  /** Whether a user may watch an open room. */
  async mayWatch(user: { id: string; role: string }, roomId: string): Promise<boolean> {
    const row = await this.repository.find(roomId);
    return row !== undefined && canView(await this.rooms.streamUser(user), row);
  }

  /**
   * Viewing claims for a link made for one opening of a room: a room that ended — or ended and
   * opened again under the same id (a unit's own room) — is not the one the link was made for.
   */
  async watchClaims(user: SignedInUser, roomId: string, openedAt: number): Promise<StreamClaims> {
    const row = await this.repository.find(roomId);
    if (!row || Number(row.created_at) !== openedAt)
      throw new AppError('room_not_found', `Video room "${roomId}" has ended; this link no longer plays.`);
    if (!canView(await this.rooms.streamUser(user), row))
      throw new AppError('forbidden', 'This link’s user may no longer watch this room: it is not shared with their unit.');
    return { sub: user.id, room: row.id, stream_role: 'view', user_role: user.role, name: user.full_name };
  }

  // ---- signalling (HTTP, socket, WHIP and WHEP): see peer-sessions.ts ----

  /** The room a token names, as the client should see it (the signalling socket's joined). */
  async roomOf(claims: StreamClaims): Promise<StreamRoom> {
    return this.present(await this.sessions.checkClaims(claims));
  }

  currentIceServers(): Promise<IceServer[]> {
    return this.iceServers();
  }

  verifyToken(token: string): Promise<StreamClaims> {
    return this.sessions.verifyToken(token);
  }

  claimsFor(user: SignedInUser, roomId: string, role: StreamRole): Promise<StreamClaims> {
    return this.sessions.claimsFor(user, roomId, role);
  }

  checkClaims(claims: StreamClaims): Promise<StreamRoomRow> {
    return this.sessions.checkClaims(claims);
  }

  offer(
    claims: StreamClaims,
    sdp: string | undefined,
    notify: LivePeer['notify'] = null,
    peerId?: string,
  ): Promise<{ peerId: string; type: 'answer' | 'offer'; sdp: string }> {
    return this.sessions.offer(claims, sdp, notify, peerId);
  }

  answer(claims: StreamClaims, peerId: string, sdp: string): Promise<void> {
    return this.sessions.answer(claims, peerId, sdp);
  }

  ice(claims: StreamClaims, peerId: string, candidate: IceCandidate | null, onlyHere = false): Promise<void> {
    return this.sessions.ice(claims, peerId, candidate, onlyHere);
  }

  endOwnPeer(claims: StreamClaims, peerId: string): Promise<void> {
    return this.sessions.endOwnPeer(claims, peerId);
  }

  endPeers(peerIds: string[], closeMedia = true): Promise<void> {
    return this.sessions.endPeers(peerIds, closeMedia);
  }

  /** Who holds the playback links of the sessions open now, and ending theirs (tak-playback-links.ts). */
  linkHolders(): string[] {
    return this.peers.linkHolders();
  }

  endLinkSessions(holders: readonly string[]): Promise<void> {
    return this.sessions.endLinkSessions(holders);
  }

  hasPeer(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  /**
   * On a shared media server: serves other processes' requests for the peers this one holds (only
   * with REDIS_URL), and records that this process is alive, so the others count its viewers.
   */
  async startAcrossNodes(onError: (error: unknown) => void): Promise<void> {
    this.relay?.start(
      (peerId) => this.peers.has(peerId),
      (request) => this.sessions.serveRelayed(request),
      onError,
    );
    await this.nodes?.start(onError, {
      peerIds: () => this.peers.all().map((peer) => peer.id),
      viewerCounts: (roomIds) => this.peers.viewerCounts(roomIds),
    });
  }

  async close(): Promise<void> {
    await this.relay?.close();
    // The database out: the others end this process's sessions once it has been silent long enough.
    // The rest of the shutdown goes on.
    await this.nodes?.stop().catch((error: unknown) => console.error('streams: ending this process’s sessions', error));
    this.unsubscribe();
    this.statsPush.stop();
    this.roomEvents.stop();
    await this.media.stop();
  }

  private async present(row: StreamRoomRow): Promise<StreamRoom> {
    return (await this.presentAll([row]))[0]!;
  }

  /** Rooms as clients see them: who publishes (here or through another process), how many watch, the codec. */
  private async presentAll(rows: StreamRoomRow[]): Promise<StreamRoom[]> {
    const roomIds = rows.map((row) => row.id);
    const stats = await this.media.stats();
    const names = await this.repository.userNames(this.peers.userIds());
    const [elsewhere, viewers, gone] = await Promise.all([
      this.publishedElsewhere(roomIds),
      this.viewerCounts(roomIds),
      this.publishersGoneElsewhere(roomIds),
    ]);
    return rows.map((row) =>
      presentRoom(
        row,
        this.peers.liveState(row.id, stats, names, {
          viewers: viewers.get(row.id) ?? 0,
          elsewhere: elsewhere.get(row.id),
          publisherGoneAt: gone.get(row.id),
        }),
      ),
    );
  }

  /**
   * On a shared media server, when each room's publisher left within the grace, whichever process
   * held it: a process with no viewer of the room never hears the publisher go, and would list it
   * `waiting` rather than `reconnecting`. On one process, the media server tells it (live-peers.ts).
   */
  private async publishersGoneElsewhere(roomIds: readonly string[]): Promise<Map<string, number>> {
    if (!this.nodes) return new Map();
    return this.repository.publisherSessionsEndedSince(roomIds, this.clock.now() - PUBLISHER_GRACE_MS);
  }

  /**
   * Each room's viewers: on a shared media server, this process's in memory and the open view
   * sessions of every other live process (stream-nodes.ts); on one process, the ones in memory, with no query.
   */
  private async viewerCounts(roomIds: readonly string[]): Promise<Map<string, number>> {
    return this.nodes ? this.nodes.viewerCounts(roomIds) : this.peers.viewerCounts(roomIds);
  }

  /** Rooms published through another server process, with who publishes since when (from their sessions). */
  private async publishedElsewhere(roomIds: string[]): Promise<Map<string, PublisherElsewhere>> {
    const feeds = await this.media.publishersElsewhere(roomIds);
    if (feeds.size === 0) return new Map();
    const sessions = new Map((await this.repository.openSessions([...feeds.values()])).map((session) => [session.id, session]));
    const names = await this.repository.userNames([...sessions.values()].flatMap((session) => (session.user_id ? [session.user_id] : [])));
    const found = new Map<string, PublisherElsewhere>();
    for (const [roomId, peerId] of feeds) {
      const session = sessions.get(peerId);
      if (session?.user_id)
        found.set(roomId, { userId: session.user_id, name: names.get(session.user_id) ?? '', since: Number(session.started_at) });
    }
    return found;
  }
}
