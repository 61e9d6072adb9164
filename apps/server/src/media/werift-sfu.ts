import { RTCPeerConnection, type MediaStreamTrack } from 'werift';
import { TELEMETRY_CHANNEL_LABEL, MAX_ICE_CANDIDATES_PER_PEER } from '@argus/contracts/realtime/signaling';
import type { IceCandidate } from '@argus/contracts/http/streams';
import { MediaError, type MediaConfig, type MediaEvent, type MediaRoomStats, type PublishOptions } from './media-server';
import { audioCodecs, tuneForPublisher, videoCodecs } from './sfu-codecs';
import { forward, relayTelemetry, requestKeyframe, sendRemb, startViewer, watchViewerFeedback } from './sfu-forwarding';
import { GopCache } from './gop-cache';
import { PeerLiveness } from './peer-liveness';
import { Meter } from './sfu-meter';
import { newOutbound, type InboundTrack, type Kind, type Peer, type Publisher, type Room, type Viewer } from './sfu-room';
import { roomStats } from './sfu-stats';

const REMB_INTERVAL_MS = 1_000;
const GATHER_TIMEOUT_MS = 5_000;
/** The address field of an ICE candidate line that is an mDNS name. */
const MDNS_HOST = /^\S+ \d+ \S+ \d+ \S+\.local /;

/**
 * A selective forwarding unit on werift: one publisher per room, each viewer its own copy of
 * every packet (sendRtp clones), payload types and the codec chosen per viewer.
 */
export class WeriftSfu {
  private readonly rooms = new Map<string, Room>();
  private readonly peers = new Map<string, Peer>();
  /** Peers without a signalling socket (WHIP, WHEP) have no heartbeat: this finds the vanished ones in seconds. */
  private readonly liveness = new PeerLiveness((peerId) => this.failed(peerId));

  constructor(
    private readonly config: MediaConfig,
    private readonly emit: (event: MediaEvent) => void,
  ) {}

  async publish(roomId: string, peerId: string, offerSdp: string, options: PublishOptions = {}): Promise<string> {
    const room = this.room(roomId);
    const pc = this.peerConnection();
    const publisher: Publisher = {
      peerId,
      pc,
      tracks: {},
      lastPliAt: 0,
      keyframeRequests: 0,
      meter: new Meter(),
      remb: setInterval(() => sendRemb(publisher, this.config.targetBitrateKbps), REMB_INTERVAL_MS),
    };
    this.register(peerId, { roomId, role: 'publish', pc, candidates: 0 });
    pc.onTrack.subscribe((track) => this.onPublisherTrack(room, publisher, track));
    pc.onDataChannel.subscribe((channel) => {
      // Janus relays the publisher's telemetry on a channel named after its feed; each message is checked alike.
      if (channel.label !== TELEMETRY_CHANNEL_LABEL && !options.fromJanus) return;
      channel.onMessage.subscribe((data) => relayTelemetry(room, publisher, data));
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    } catch (error) {
      await this.discard(peerId);
      throw new MediaError('bad_sdp', `The offer could not be used: ${describe(error)}.`);
    }
    if (pc.getTransceivers().length === 0) {
      await this.discard(peerId);
      throw new MediaError('bad_sdp', 'The offer has no audio or video to publish.');
    }
    for (const transceiver of pc.getTransceivers()) transceiver.setDirection('recvonly');
    // Janus writes a publisher's data to a subscriber only once a channel is open (its own clients open one too).
    if (options.fromJanus && /^m=application /m.test(offerSdp)) pc.createDataChannel(TELEMETRY_CHANNEL_LABEL);
    const answer = tuneForPublisher(await this.finishAnswer(pc, peerId), this.config.targetBitrateKbps);

    const previous = room.publisher;
    room.publisher = publisher;
    if (previous) {
      // Replaced, not gone: viewers hear publisher-back below, never publisher-left.
      clearInterval(previous.remb);
      void this.discard(previous.peerId);
    }
    if (room.publisherGoneAt !== null || previous) {
      for (const viewer of room.viewers.values())
        for (const out of Object.values(viewer.out)) out.rebaseFrom = room.publisherGoneAt ?? Date.now();
      room.publisherGoneAt = null;
      this.emit({ type: 'publisher-back', roomId });
    }
    return answer;
  }

  async view(roomId: string, peerId: string, offerSdp: string): Promise<string> {
    const room = this.room(roomId);
    const pc = this.peerConnection();
    this.register(peerId, { roomId, role: 'view', pc, candidates: 0 });
    const viewer: Viewer = { peerId, pc, out: {}, telemetry: null, meter: new Meter(), started: false };
    pc.onDataChannel.subscribe((channel) => {
      if (channel.label === TELEMETRY_CHANNEL_LABEL) viewer.telemetry = channel;
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    } catch (error) {
      await this.discard(peerId);
      throw new MediaError('bad_sdp', `The offer could not be used: ${describe(error)}.`);
    }
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.kind as Kind;
      if (viewer.out[kind]) {
        transceiver.setDirection('inactive');
        continue;
      }
      transceiver.setDirection('sendonly');
      viewer.out[kind] = newOutbound(transceiver.sender);
      watchViewerFeedback(room, transceiver.sender);
    }
    if (!viewer.out.video && !viewer.out.audio) {
      await this.discard(peerId);
      throw new MediaError('bad_sdp', 'The offer has no audio or video section to receive on: add recvonly transceivers.');
    }
    // Ask now, not once connected: the keyframe then arrives while ICE and DTLS are still
    // completing, and the GOP cache has it ready for the viewer.
    requestKeyframe(room, true);
    const answer = await this.finishAnswer(pc, peerId);
    this.addViewer(room, viewer);
    return answer;
  }

  async viewOffer(roomId: string, peerId: string): Promise<string> {
    const room = this.room(roomId);
    const pc = this.peerConnection();
    this.register(peerId, { roomId, role: 'view', pc, candidates: 0 });
    const viewer: Viewer = {
      peerId,
      pc,
      out: {},
      telemetry: pc.createDataChannel(TELEMETRY_CHANNEL_LABEL),
      meter: new Meter(),
      started: false,
    };
    for (const kind of ['video', 'audio'] as const) {
      const transceiver = pc.addTransceiver(kind, { direction: 'sendonly' });
      viewer.out[kind] = newOutbound(transceiver.sender);
      watchViewerFeedback(room, transceiver.sender);
    }
    await pc.setLocalDescription(await pc.createOffer());
    requestKeyframe(room, true);
    await this.gathered(pc);
    this.addViewer(room, viewer);
    return pc.localDescription!.sdp;
  }

  async answer(peerId: string, answerSdp: string): Promise<void> {
    const peer = this.peer(peerId);
    if (peer.pc.signalingState !== 'have-local-offer')
      throw new MediaError('out_of_order', 'There is no offer from the server waiting for this answer.');
    try {
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
    } catch (error) {
      throw new MediaError('bad_sdp', `The answer could not be used: ${describe(error)}.`);
    }
  }

  async addIceCandidate(peerId: string, candidate: IceCandidate | null): Promise<void> {
    const peer = this.peer(peerId);
    if (!peer.pc.remoteDescription) throw new MediaError('out_of_order', 'Send the offer before ICE candidates.');
    if (candidate === null) return;
    peer.candidates += 1;
    if (peer.candidates > MAX_ICE_CANDIDATES_PER_PEER) {
      throw new MediaError('too_many_candidates', `Too many ICE candidates (at most ${MAX_ICE_CANDIDATES_PER_PEER} per connection).`);
    }
    // An mDNS name (a browser hiding its address): werift would resolve it with a lookup that
    // waits up to 10 s, holding up the peer's signalling. The SFU learns the address anyway, as
    // a peer-reflexive candidate, from the browser's connectivity checks.
    if (MDNS_HOST.test(candidate.candidate)) return;
    try {
      await peer.pc.addIceCandidate({
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid ?? undefined,
        sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
      });
    } catch (error) {
      throw new MediaError('bad_sdp', `The ICE candidate could not be used: ${describe(error)}.`);
    }
  }

  async closePeer(peerId: string): Promise<void> {
    await this.discard(peerId);
  }

  async closeRoom(roomId: string): Promise<void> {
    const room = this.rooms.get(roomId);
    if (!room) return;
    const ids = [...room.viewers.keys(), ...(room.publisher ? [room.publisher.peerId] : [])];
    for (const id of ids) await this.discard(id);
    this.rooms.delete(roomId);
  }

  stats(): MediaRoomStats[] {
    return [...this.rooms.values()].map(roomStats);
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.peers.keys()]) await this.discard(id);
  }

  // ---- internals ----

  private peerConnection(): RTCPeerConnection {
    const { iceServers, portRange, additionalHostAddresses, targetBitrateKbps } = this.config;
    return new RTCPeerConnection({
      // Only Argus's own configuration: werift would otherwise reach a public STUN server.
      iceServers: iceServers.map((server) => ({ urls: server.urls, username: server.username, credential: server.credential })),
      icePortRange: portRange ?? undefined,
      iceAdditionalHostAddresses: additionalHostAddresses.length > 0 ? additionalHostAddresses : undefined,
      iceUseIpv6: false,
      codecs: { video: videoCodecs(targetBitrateKbps), audio: audioCodecs() },
      headerExtensions: { video: [], audio: [] },
      bundlePolicy: 'max-bundle',
    });
  }

  private room(roomId: string): Room {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = { id: roomId, publisher: null, viewers: new Map(), publisherGoneAt: null };
      this.rooms.set(roomId, room);
    }
    return room;
  }

  private peer(peerId: string): Peer {
    const peer = this.peers.get(peerId);
    if (!peer) throw new MediaError('peer_not_found', 'No such connection: it has ended or never started.');
    return peer;
  }

  private register(peerId: string, peer: Peer): void {
    if (this.peers.has(peerId))
      throw new MediaError('out_of_order', 'This connection already has an offer; start a new one to renegotiate.');
    this.peers.set(peerId, peer);
    this.liveness.watch(peerId, peer.pc);
    peer.pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed') {
        if (this.peers.get(peerId)?.pc !== peer.pc) return;
        this.failed(peerId);
      }
    });
  }

  private failed(peerId: string): void {
    if (!this.peers.has(peerId)) return;
    void this.discard(peerId).then(() => this.emit({ type: 'peer-failed', peerId }));
  }

  private async finishAnswer(pc: RTCPeerConnection, peerId: string): Promise<string> {
    try {
      await pc.setLocalDescription(await pc.createAnswer());
    } catch (error) {
      await this.discard(peerId);
      throw new MediaError('bad_sdp', `No answer is possible for this offer: ${describe(error)}.`);
    }
    await this.gathered(pc);
    return pc.localDescription!.sdp;
  }

  /** The answer carries every candidate: the server does not trickle. */
  private async gathered(pc: RTCPeerConnection): Promise<void> {
    if (pc.iceGatheringState === 'complete') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === 'complete') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  private addViewer(room: Room, viewer: Viewer): void {
    room.viewers.set(viewer.peerId, viewer);
    const start = () => startViewer(room, viewer);
    if (viewer.pc.connectionState === 'connected') start();
    else viewer.pc.connectionStateChange.subscribe((state) => state === 'connected' && start());
  }

  private onPublisherTrack(room: Room, publisher: Publisher, track: MediaStreamTrack): void {
    const kind = track.kind as Kind;
    const receiver = publisher.pc.getReceivers().find((r) => r.tracks.includes(track));
    if (!receiver) return;
    const inbound: InboundTrack = { kind, track, receiver, mime: null, gop: new GopCache() };
    publisher.tracks[kind] = inbound;
    track.onReceiveRtp.subscribe((rtp) => {
      if (room.publisher !== publisher) return;
      if (!inbound.mime) {
        inbound.mime = track.codec ? track.codec.mimeType.split('/')[1]!.toUpperCase() : null;
      }
      if (kind === 'video') {
        publisher.meter.packet(rtp);
        inbound.gop.push(rtp, inbound.mime);
      }
      forward(room, kind, inbound, rtp);
    });
    if (kind === 'video') {
      // Viewers already waiting need a keyframe as soon as the first packets flow.
      setTimeout(() => requestKeyframe(room, true), 200);
    }
  }

  private dropPublisher(room: Room, publisher: Publisher, announce: boolean): void {
    clearInterval(publisher.remb);
    if (room.publisher === publisher) {
      room.publisher = null;
      room.publisherGoneAt = Date.now();
      if (announce) this.emit({ type: 'publisher-left', roomId: room.id });
    }
  }

  private async discard(peerId: string): Promise<void> {
    const peer = this.peers.get(peerId);
    if (!peer) return;
    this.peers.delete(peerId);
    this.liveness.forget(peerId);
    const room = this.rooms.get(peer.roomId);
    if (room) {
      if (room.publisher?.peerId === peerId) this.dropPublisher(room, room.publisher, true);
      room.viewers.delete(peerId);
    }
    await peer.pc.close().catch(() => undefined);
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 200);
}
