import { randomUUID } from 'node:crypto';
import type { IceCandidate, StreamRole, StreamRoomChange } from '@argus/contracts/http/streams';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { MediaError, type MediaServer } from '../../media/media-server';
import type { LivePeer, LivePeers } from './live-peers';
import type { PeerRelay } from './peer-relay';
import type { PeerRequest } from './peer-relay-messages';
import type { PeerStatsPush } from './peer-stats-push';
import type { SignedInUser, StreamRooms } from './stream-rooms';
import type { StreamClaims, StreamTokens } from './stream-tokens';
import type { StreamRoomRow } from './streams.repository';

/**
 * Sessions one playback link's holder (a TAK device) may have open at once: a player or two, and
 * one left behind while it reconnects; a link passed around cannot feed a crowd.
 */
export const MAX_SESSIONS_PER_LINK = 4;

/**
 * Publishing and viewing sessions, whichever way they are signalled (HTTP, socket, WHIP, WHEP):
 * the token is checked against the room again, the media server answers, and the peer is
 * recorded; ending a peer stops its forwarding first.
 */
export class PeerSessions {
  constructor(
    private readonly rooms: StreamRooms,
    private readonly peers: LivePeers,
    private readonly media: MediaServer,
    private readonly tokens: StreamTokens,
    private readonly clock: Clock,
    private readonly statsPush: PeerStatsPush,
    private readonly announce: (roomId: string, change: StreamRoomChange) => void,
    /** Reaches peers held by other server processes; null: one process holds them all. */
    private readonly relay: PeerRelay | null = null,
    /** The id this process records its sessions under when processes share the media server (stream-nodes.ts); null: one process. */
    private readonly nodeId: string | null = null,
  ) {}

  verifyToken(token: string): Promise<StreamClaims> {
    return this.tokens.verify(token);
  }

  /** Claims for a signed-in user (an access token on WHIP/WHEP), checked like /stream/join. */
  async claimsFor(user: SignedInUser, roomId: string, role: StreamRole): Promise<StreamClaims> {
    const room = await this.rooms.authorised(user, roomId, role);
    return { sub: user.id, room: room.id, stream_role: role, user_role: user.role, name: user.full_name };
  }

  /** The room of a token must still exist and still admit the user: a closed room ends its tokens. */
  async checkClaims(claims: StreamClaims): Promise<StreamRoomRow> {
    return this.rooms.authorised({ id: claims.sub, role: claims.user_role, full_name: claims.name }, claims.room, claims.stream_role);
  }

  async offer(
    claims: StreamClaims,
    sdp: string | undefined,
    notify: LivePeer['notify'] = null,
    peerId: string = randomUUID(),
  ): Promise<{ peerId: string; type: 'answer' | 'offer'; sdp: string }> {
    const room = await this.checkClaims(claims);
    this.refuseBeyondLinkLimit(claims);
    if (sdp === undefined && claims.stream_role === 'publish')
      throw new AppError('bad_sdp', 'A publisher sends its offer (sdp); only viewers may ask the server to offer.');
    const peer: LivePeer = {
      id: peerId,
      roomId: room.id,
      userId: claims.sub,
      name: claims.name,
      role: claims.stream_role,
      startedAt: this.clock.now(),
      link: claims.link ?? null,
      notify,
    };
    let answer: string;
    try {
      if (claims.stream_role === 'publish') answer = await this.media.publish(room.id, peerId, sdp!);
      else answer = sdp === undefined ? await this.media.viewOffer(room.id, peerId) : await this.media.view(room.id, peerId, sdp);
    } catch (error) {
      throw toAppError(error);
    }
    try {
      // Again with nothing awaited before the peer is added: offers of one link made at once count each other.
      this.refuseBeyondLinkLimit(claims);
    } catch (error) {
      await this.media.closePeer(peerId);
      throw error;
    }
    if (claims.stream_role === 'publish') {
      // The newest publisher wins (a unit reconnecting from a fresh socket); the old one is told.
      for (const other of this.peers.inRoom(room.id)) {
        if (other.role === 'publish') {
          other.notify?.({ type: 'closed', reason: 'Another connection started publishing to this room.' });
          await this.endPeers([other.id], false);
        }
      }
      this.peers.publisherBack(room.id);
    }
    this.peers.add(peer);
    await this.rooms.repository.startSession({
      id: peerId,
      room_id: room.id,
      user_id: claims.sub,
      role: claims.stream_role,
      started_at: peer.startedAt,
      node_id: this.nodeId,
    });
    // Announced once its session is stored: other processes read who publishes and watches from the sessions.
    this.announce(room.id, peer.role === 'publish' ? 'publisher-joined' : 'viewers');
    if (notify) this.statsPush.start();
    return { peerId, type: sdp === undefined ? 'offer' : 'answer', sdp: answer };
  }

  async answer(claims: StreamClaims, peerId: string, sdp: string): Promise<void> {
    if (this.elsewhere(peerId)) return this.relay!.forward({ op: 'answer', claims, peerId, sdp });
    this.ownPeer(claims, peerId);
    await this.media.answer(peerId, sdp).catch((error: unknown) => {
      throw toAppError(error);
    });
  }

  /** `onlyHere`: the peer can be on no other node (the socket that took its offer holds it). */
  async ice(claims: StreamClaims, peerId: string, candidate: IceCandidate | null, onlyHere = false): Promise<void> {
    if (!onlyHere && this.elsewhere(peerId)) return this.relay!.forward({ op: 'ice', claims, peerId, candidate });
    this.ownPeer(claims, peerId);
    await this.media.addIceCandidate(peerId, candidate).catch((error: unknown) => {
      throw toAppError(error);
    });
  }

  /** Ends a peer the caller owns (WHIP/WHEP DELETE, leave over the socket). */
  async endOwnPeer(claims: StreamClaims, peerId: string): Promise<void> {
    if (this.elsewhere(peerId)) return this.relay!.forward({ op: 'end', claims, peerId });
    this.ownPeer(claims, peerId);
    await this.endPeers([peerId]);
  }

  /** What another process asks of a peer this one holds (docs/decisions/0076-janus-behind-the-media-server-interface.md). */
  serveRelayed(request: PeerRequest): Promise<void> {
    switch (request.op) {
      case 'answer':
        return this.answer(request.claims, request.peerId, request.sdp);
      case 'ice':
        return this.ice(request.claims, request.peerId, request.candidate);
      case 'end':
        return this.endOwnPeer(request.claims, request.peerId);
    }
  }

  /** A peer this process does not hold, which another may (behind a balancer without stickiness). */
  private elsewhere(peerId: string): boolean {
    return this.relay !== null && !this.peers.has(peerId);
  }

  /** Ends peers at once: forwarding stops before anything else happens. */
  async endPeers(peerIds: string[], closeMedia = true): Promise<void> {
    for (const peerId of peerIds) {
      const peer = this.peers.remove(peerId);
      if (!peer) continue;
      this.announce(peer.roomId, peer.role === 'publish' ? 'publisher-left' : 'viewers');
      if (closeMedia) await this.media.closePeer(peerId);
      await this.rooms.repository.endSession(peerId, this.clock.now());
    }
    if (!this.peers.anyWithSocket()) this.statsPush.stop();
  }

  /** The sessions of a playback link's holder (revoked, expired, its user deactivated) end at once. */
  async endLinkSessions(holders: readonly string[]): Promise<void> {
    const peers = this.peers.ofLinks(holders);
    // A peer with a channel of its own (an RTSP player's, docs/decisions/0077-tak-rtsp-output.md) is told, to close it too.
    for (const peer of peers) peer.notify?.({ type: 'closed', reason: 'The playback link’s device may no longer play video.' });
    await this.endPeers(peers.map((peer) => peer.id));
  }

  /**
   * A peer the claims opened: same user and room, same role (a viewer's token ends no publisher),
   * and the same playback link or none (a device's link ends none of its user's browser sessions).
   */
  private ownPeer(claims: StreamClaims, peerId: string): LivePeer {
    const peer = this.peers.get(peerId);
    if (
      !peer ||
      peer.userId !== claims.sub ||
      peer.roomId !== claims.room ||
      peer.role !== claims.stream_role ||
      peer.link !== (claims.link ?? null)
    )
      throw new AppError('peer_not_found');
    return peer;
  }

  private refuseBeyondLinkLimit(claims: StreamClaims): void {
    if (claims.link === undefined || this.peers.ofLinks([claims.link]).length < MAX_SESSIONS_PER_LINK) return;
    throw new AppError(
      'rate_limited',
      `This device already plays ${MAX_SESSIONS_PER_LINK} videos from its playback links. Stop one of them before starting another.`,
    );
  }
}

export function toAppError(error: unknown): Error {
  if (error instanceof MediaError) return new AppError(error.code, error.message);
  return error instanceof Error ? error : new Error(String(error));
}
