import type { IceCandidate } from '@argus/contracts/http/streams';

/**
 * The narrow media interface Argus needs from a media server. The embedded werift SFU
 * (sfu-supervisor.ts) implements it; an external media server could implement it later
 * without the stream service noticing.
 */
export interface MediaServer {
  /** Answers a publisher's offer; an earlier publisher of the room is replaced. */
  publish(roomId: string, peerId: string, offerSdp: string, options?: PublishOptions): Promise<string>;
  /** Answers a viewer's offer (recvonly transceivers). */
  view(roomId: string, peerId: string, offerSdp: string): Promise<string>;
  /** The server offers to a viewer; the viewer's answer comes through `answer`. */
  viewOffer(roomId: string, peerId: string): Promise<string>;
  answer(peerId: string, answerSdp: string): Promise<void>;
  addIceCandidate(peerId: string, candidate: IceCandidate | null): Promise<void>;
  closePeer(peerId: string): Promise<void>;
  closeRoom(roomId: string): Promise<void>;
  stats(): Promise<MediaRoomStats[]>;
  /**
   * The peer publishing in each of these rooms through another server process (a media server
   * they share), by room id; rooms published through this process, or by nobody, are left out.
   */
  publishersElsewhere(roomIds: readonly string[]): Promise<Map<string, string>>;
  readonly state: MediaServerState;
  /** Starts the media process ahead of the first request (otherwise it starts on first use). */
  start(): Promise<void>;
  on(listener: (event: MediaEvent) => void): () => void;
  stop(): Promise<void>;
}

export interface PublishOptions {
  /**
   * The offer is Janus's, subscribing this SFU to a room's publisher (janus/janus-edge.ts). Janus
   * sends a subscriber the publisher's data channel messages only once the subscriber has opened a
   * data channel, and on a channel it names after the publisher's feed, not `telemetry`.
   */
  fromJanus?: boolean;
}

export interface MediaServerState {
  state: 'running' | 'restarting' | 'stopped';
  restarts: number;
  startedAt: number | null;
}

export interface MediaRoomStats {
  roomId: string;
  publisherPeerId: string | null;
  viewerPeerIds: string[];
  publisher: {
    bitrateKbps: number;
    fps: number;
    packetLoss: number;
    /** Round-trip time to the publisher from ICE connectivity and consent checks, ms. */
    rttMs: number | null;
    codec: string | null;
    keyframeRequests: number;
    retransmissions: number;
  } | null;
  egressKbps: number;
  /** Median round-trip time to the room's viewers from their RTCP receiver reports, ms. */
  viewerRttMs: number | null;
}

export type MediaEvent =
  | { type: 'publisher-left'; roomId: string }
  | { type: 'publisher-back'; roomId: string }
  /** ICE or DTLS failed for a peer: it is gone. */
  | { type: 'peer-failed'; peerId: string }
  /** A newer publisher took the room through another server process sharing the media server: this publisher is gone. */
  | { type: 'publisher-replaced'; peerId: string }
  /** The media process died and was started again: every peer is gone. */
  | { type: 'restarted' };

export interface MediaConfig {
  iceServers: { urls: string[]; username?: string; credential?: string }[];
  /** UDP ports the SFU's ICE may use, inclusive; null: any. */
  portRange: [number, number] | null;
  /** Addresses added to the host candidates (a LAN or public address the machine is reached on). */
  additionalHostAddresses: string[];
  targetBitrateKbps: number;
}

/** A failure the SFU reports with a message a person understands (bad SDP, unknown peer). */
export class MediaError extends Error {
  constructor(
    readonly code: 'bad_sdp' | 'peer_not_found' | 'out_of_order' | 'too_many_candidates' | 'media_unavailable',
    message: string,
  ) {
    super(message);
  }
}
