import {
  MediaStreamTrack,
  ReceiverEstimatedMaxBitrate,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtcpPayloadSpecificFeedback,
  useFIR,
  useNACK,
  usePLI,
  useREMB,
  type RTCDataChannel,
  type RTCRtpReceiver,
  type RTCRtpSender,
  type RtpPacket,
} from 'werift';
import { TELEMETRY_CHANNEL_LABEL, TelemetryMessage } from '@argus/contracts/realtime/signaling';
import { MAX_ICE_CANDIDATES_PER_PEER } from '@argus/contracts/realtime/signaling';
import type { IceCandidate } from '@argus/contracts/http/streams';
import { MediaError, type MediaConfig, type MediaEvent, type MediaRoomStats } from './media-server';

type Kind = 'video' | 'audio';

/**
 * H264 first: phones encode it in hardware. TWCC is deliberately NOT negotiated (docs/video.md):
 * with werift's TWCC feedback Chromium's send bitrate collapsed to 100–300 kbit/s on a lossless
 * link; instead the SFU sends REMB at the target bitrate and tells Chromium to start there.
 */
function videoCodecs(targetKbps: number): RTCRtpCodecParameters[] {
  const feedback = () => [useNACK(), usePLI(), useFIR(), useREMB()];
  const start = `x-google-start-bitrate=${targetKbps};x-google-min-bitrate=${Math.round(targetKbps / 4)};x-google-max-bitrate=${targetKbps}`;
  return [
    new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, payloadType: 102, rtcpFeedback: feedback(), parameters: `profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1;${start}` }),
    new RTCRtpCodecParameters({ mimeType: 'video/rtx', clockRate: 90000, payloadType: 103, parameters: 'apt=102' }),
    new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96, rtcpFeedback: feedback(), parameters: start }),
    new RTCRtpCodecParameters({ mimeType: 'video/rtx', clockRate: 90000, payloadType: 97, parameters: 'apt=96' }),
  ];
}
const audioCodecs = () => [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 })];

/** RFC 5104: payload-specific feedback format 4 is a Full Intra Request. */
const FIR_FORMAT = 4;
const CLOCK_RATE: Record<Kind, number> = { video: 90000, audio: 48000 };
/** Keyframe requests to one publisher at most this often: a burst of joins asks once. */
const PLI_MIN_INTERVAL_MS = 300;
const REMB_INTERVAL_MS = 1_000;
const GATHER_TIMEOUT_MS = 5_000;
const MAX_TELEMETRY_BYTES = 2_048;

interface InboundTrack {
  kind: Kind;
  track: MediaStreamTrack;
  receiver: RTCRtpReceiver;
  mime: string | null;
}

interface Publisher {
  peerId: string;
  pc: RTCPeerConnection;
  tracks: Partial<Record<Kind, InboundTrack>>;
  lastPliAt: number;
  keyframeRequests: number;
  meter: Meter;
  remb: NodeJS.Timeout;
}

interface Outbound {
  sender: RTCRtpSender;
  /** Set after a publisher change: the next packet re-bases seq and timestamp by wall clock. */
  rebaseFrom: number | null;
  lastSentAt: number;
}

interface Viewer {
  peerId: string;
  pc: RTCPeerConnection;
  out: Partial<Record<Kind, Outbound>>;
  telemetry: RTCDataChannel | null;
  meter: Meter;
}

interface Room {
  id: string;
  publisher: Publisher | null;
  viewers: Map<string, Viewer>;
  /** When the last publisher left; viewers re-base from here when one returns. */
  publisherGoneAt: number | null;
}

interface Peer {
  roomId: string;
  role: 'publish' | 'view';
  pc: RTCPeerConnection;
  candidates: number;
}

/** Counts bytes and frames over a sliding second for the health figures. */
class Meter {
  private bytes = 0;
  private frames = 0;
  private packets = 0;
  private lost = 0;
  private lastSeq: number | null = null;
  private windowStart = Date.now();
  figures = { kbps: 0, fps: 0, loss: 0 };

  packet(rtp: RtpPacket): void {
    this.bytes += rtp.payload.length + 12;
    this.packets += 1;
    if (rtp.header.marker) this.frames += 1;
    if (this.lastSeq !== null) {
      const gap = (rtp.header.sequenceNumber - this.lastSeq + 65536) % 65536;
      if (gap > 1 && gap < 1000) this.lost += gap - 1;
    }
    this.lastSeq = rtp.header.sequenceNumber;
    this.roll();
  }

  bytesOut(count: number): void {
    this.bytes += count;
    this.roll();
  }

  roll(): void {
    const now = Date.now();
    const elapsed = now - this.windowStart;
    if (elapsed < 1000) return;
    this.figures = {
      kbps: (this.bytes * 8) / elapsed,
      fps: (this.frames * 1000) / elapsed,
      loss: this.packets + this.lost > 0 ? this.lost / (this.packets + this.lost) : 0,
    };
    this.bytes = this.frames = this.packets = this.lost = 0;
    this.windowStart = now;
  }
}

/**
 * A selective forwarding unit on werift: one publisher per room, each viewer its own copy of
 * every packet (sendRtp clones), payload types and the codec chosen per viewer.
 */
export class WeriftSfu {
  private readonly rooms = new Map<string, Room>();
  private readonly peers = new Map<string, Peer>();

  constructor(
    private readonly config: MediaConfig,
    private readonly emit: (event: MediaEvent) => void,
  ) {}

  async publish(roomId: string, peerId: string, offerSdp: string): Promise<string> {
    const room = this.room(roomId);
    const pc = this.peerConnection();
    const publisher: Publisher = {
      peerId,
      pc,
      tracks: {},
      lastPliAt: 0,
      keyframeRequests: 0,
      meter: new Meter(),
      remb: setInterval(() => this.sendRemb(publisher), REMB_INTERVAL_MS),
    };
    this.register(peerId, { roomId, role: 'publish', pc, candidates: 0 });
    pc.onTrack.subscribe((track) => this.onPublisherTrack(room, publisher, track));
    pc.onDataChannel.subscribe((channel) => {
      if (channel.label !== TELEMETRY_CHANNEL_LABEL) return;
      channel.onMessage.subscribe((data) => this.relayTelemetry(room, publisher, data));
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
    const answer = tuneForPublisher(await this.finishAnswer(pc, peerId), this.config.targetBitrateKbps);

    const previous = room.publisher;
    room.publisher = publisher;
    if (previous) {
      // Replaced, not gone: viewers hear publisher-back below, never publisher-left.
      clearInterval(previous.remb);
      void this.discard(previous.peerId);
    }
    if (room.publisherGoneAt !== null || previous) {
      for (const viewer of room.viewers.values()) for (const out of Object.values(viewer.out)) out.rebaseFrom = room.publisherGoneAt ?? Date.now();
      room.publisherGoneAt = null;
      this.emit({ type: 'publisher-back', roomId });
    }
    return answer;
  }

  async view(roomId: string, peerId: string, offerSdp: string): Promise<string> {
    const room = this.room(roomId);
    const pc = this.peerConnection();
    this.register(peerId, { roomId, role: 'view', pc, candidates: 0 });
    const viewer: Viewer = { peerId, pc, out: {}, telemetry: null, meter: new Meter() };
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
      viewer.out[kind] = { sender: transceiver.sender, rebaseFrom: null, lastSentAt: 0 };
      this.watchViewerFeedback(room, transceiver.sender);
    }
    if (!viewer.out.video && !viewer.out.audio) {
      await this.discard(peerId);
      throw new MediaError('bad_sdp', 'The offer has no audio or video section to receive on: add recvonly transceivers.');
    }
    const answer = await this.finishAnswer(pc, peerId);
    room.viewers.set(peerId, viewer);
    pc.connectionStateChange.subscribe((state) => {
      // A new viewer needs a keyframe to start decoding.
      if (state === 'connected') this.requestKeyframe(room, true);
    });
    return answer;
  }

  async viewOffer(roomId: string, peerId: string): Promise<string> {
    const room = this.room(roomId);
    const pc = this.peerConnection();
    this.register(peerId, { roomId, role: 'view', pc, candidates: 0 });
    const viewer: Viewer = { peerId, pc, out: {}, telemetry: pc.createDataChannel(TELEMETRY_CHANNEL_LABEL), meter: new Meter() };
    for (const kind of ['video', 'audio'] as const) {
      const transceiver = pc.addTransceiver(kind, { direction: 'sendonly' });
      viewer.out[kind] = { sender: transceiver.sender, rebaseFrom: null, lastSentAt: 0 };
      this.watchViewerFeedback(room, transceiver.sender);
    }
    await pc.setLocalDescription(await pc.createOffer());
    await this.gathered(pc);
    room.viewers.set(peerId, viewer);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.requestKeyframe(room, true);
    });
    return pc.localDescription!.sdp;
  }

  async answer(peerId: string, answerSdp: string): Promise<void> {
    const peer = this.peer(peerId);
    if (peer.pc.signalingState !== 'have-local-offer') throw new MediaError('out_of_order', 'There is no offer from the server waiting for this answer.');
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
    try {
      await peer.pc.addIceCandidate({ candidate: candidate.candidate, sdpMid: candidate.sdpMid ?? undefined, sdpMLineIndex: candidate.sdpMLineIndex ?? undefined });
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
    return [...this.rooms.values()].map((room) => {
      const publisher = room.publisher;
      let egressKbps = 0;
      for (const viewer of room.viewers.values()) {
        viewer.meter.roll();
        egressKbps += viewer.meter.figures.kbps;
      }
      publisher?.meter.roll();
      return {
        roomId: room.id,
        publisherPeerId: publisher?.peerId ?? null,
        viewerPeerIds: [...room.viewers.keys()],
        publisher: publisher
          ? {
              bitrateKbps: round(publisher.meter.figures.kbps),
              fps: round(publisher.meter.figures.fps),
              packetLoss: Math.min(1, publisher.meter.figures.loss),
              rttMs: null,
              codec: publisher.tracks.video?.mime ?? null,
              keyframeRequests: publisher.keyframeRequests,
              retransmissions: retransmissions(room),
            }
          : null,
        egressKbps: round(egressKbps),
      };
    });
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
    if (this.peers.has(peerId)) throw new MediaError('out_of_order', 'This connection already has an offer; start a new one to renegotiate.');
    this.peers.set(peerId, peer);
    peer.pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed') {
        if (this.peers.get(peerId)?.pc !== peer.pc) return;
        void this.discard(peerId).then(() => this.emit({ type: 'peer-failed', peerId }));
      }
    });
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

  private onPublisherTrack(room: Room, publisher: Publisher, track: MediaStreamTrack): void {
    const kind = track.kind as Kind;
    const receiver = publisher.pc.getReceivers().find((r) => r.tracks.includes(track));
    if (!receiver) return;
    const inbound: InboundTrack = { kind, track, receiver, mime: null };
    publisher.tracks[kind] = inbound;
    track.onReceiveRtp.subscribe((rtp) => {
      if (room.publisher !== publisher) return;
      if (!inbound.mime) {
        inbound.mime = track.codec ? track.codec.mimeType.split('/')[1]!.toUpperCase() : null;
      }
      if (kind === 'video') publisher.meter.packet(rtp);
      this.forward(room, kind, inbound, rtp);
    });
    if (kind === 'video') {
      // Viewers already waiting need a keyframe as soon as the first packets flow.
      setTimeout(() => this.requestKeyframe(room, true), 200);
    }
  }

  private forward(room: Room, kind: Kind, inbound: InboundTrack, rtp: RtpPacket): void {
    const now = Date.now();
    for (const viewer of room.viewers.values()) {
      const out = viewer.out[kind];
      if (!out) continue;
      if (viewer.pc.connectionState !== 'connected') continue;
      this.selectCodec(out.sender, inbound.mime, kind);
      if (out.rebaseFrom !== null) {
        // Re-base by the wall-clock gap, so the jitter buffer neither waits nor jumps.
        const gapMs = Math.max(1, now - out.rebaseFrom);
        out.sender.replaceRTP(rtp.header, true, Math.round((gapMs * CLOCK_RATE[kind]) / 1000));
        out.rebaseFrom = null;
      }
      out.lastSentAt = now;
      viewer.meter.bytesOut(rtp.payload.length + 12);
      out.sender.sendRtp(rtp).catch(() => undefined);
    }
  }

  /** Makes the viewer's sender use the viewer's own payload type for the publisher's codec. */
  private selectCodec(sender: RTCRtpSender, mime: string | null, kind: Kind): void {
    if (!mime || kind !== 'video') return;
    const current = sender.codec;
    if (current && current.mimeType.toUpperCase().endsWith(`/${mime}`)) return;
    const negotiated = (sender as unknown as { negotiatedCodecs?: RTCRtpCodecParameters[] }).negotiatedCodecs ?? [];
    const match = negotiated.find((codec) => codec.mimeType.toUpperCase().endsWith(`/${mime}`));
    if (!match) return;
    sender.codec = match;
    const rtx = negotiated.find((codec) => codec.name.toLowerCase() === 'rtx' && (codec.parameters ?? '').includes(`apt=${match.payloadType}`));
    (sender as unknown as { rtxPayloadType?: number }).rtxPayloadType = rtx?.payloadType;
  }

  private watchViewerFeedback(room: Room, sender: RTCRtpSender): void {
    sender.onPictureLossIndication.subscribe(() => this.requestKeyframe(room, false));
    sender.onRtcp.subscribe((packet) => {
      if (packet instanceof RtcpPayloadSpecificFeedback && packet.feedback.count === FIR_FORMAT) this.requestKeyframe(room, false);
    });
  }

  private requestKeyframe(room: Room, force: boolean): void {
    const publisher = room.publisher;
    const video = publisher?.tracks.video;
    if (!publisher || !video) return;
    const now = Date.now();
    if (!force && now - publisher.lastPliAt < PLI_MIN_INTERVAL_MS) return;
    publisher.lastPliAt = now;
    publisher.keyframeRequests += 1;
    const ssrc = video.track.ssrc;
    if (ssrc === undefined) return;
    video.receiver.sendRtcpPLI(ssrc).catch(() => undefined);
  }

  private sendRemb(publisher: Publisher): void {
    const video = publisher.tracks.video;
    const ssrc = video?.track.ssrc;
    if (!video || ssrc === undefined || publisher.pc.connectionState !== 'connected') return;
    const packet = new RtcpPayloadSpecificFeedback({
      feedback: new ReceiverEstimatedMaxBitrate({ senderSsrc: 1, mediaSsrc: 0, bitrate: BigInt(this.config.targetBitrateKbps * 1000), ssrcFeedbacks: [ssrc] }),
    });
    const transport = (video.receiver as unknown as { dtlsTransport?: { sendRtcp(packets: unknown[]): Promise<unknown> } }).dtlsTransport;
    transport?.sendRtcp([packet]).catch(() => undefined);
  }

  private relayTelemetry(room: Room, publisher: Publisher, data: string | Buffer): void {
    if (room.publisher !== publisher) return;
    const text = typeof data === 'string' ? data : data.toString('utf8');
    if (text.length > MAX_TELEMETRY_BYTES) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    if (!TelemetryMessage.safeParse(parsed).success) return;
    for (const viewer of room.viewers.values()) {
      if (viewer.telemetry?.readyState === 'open') viewer.telemetry.send(text);
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
    const room = this.rooms.get(peer.roomId);
    if (room) {
      if (room.publisher?.peerId === peerId) this.dropPublisher(room, room.publisher, true);
      room.viewers.delete(peerId);
    }
    await peer.pc.close().catch(() => undefined);
  }
}

function retransmissions(room: Room): number {
  let total = 0;
  for (const viewer of room.viewers.values()) {
    const sender = viewer.out.video?.sender as unknown as { retransmittedPacketsSent?: number } | undefined;
    total += sender?.retransmittedPacketsSent ?? 0;
  }
  return total;
}

/**
 * werift answers with the publisher's own codec lines, so it would echo `transport-cc` and drop
 * the start bitrate. Publishers are told: no TWCC feedback to wait for, and start, stay between a
 * quarter of and the target bitrate (docs/video.md, the congestion-feedback decision).
 */
export function tuneForPublisher(sdp: string, targetKbps: number): string {
  const lines = sdp.split('\r\n');
  const videoTypes = new Set<string>();
  let inVideo = false;
  for (const line of lines) {
    if (line.startsWith('m=')) inVideo = line.startsWith('m=video');
    const rtpmap = line.match(/^a=rtpmap:(\d+) ([^/]+)\//);
    if (inVideo && rtpmap && !['rtx', 'red', 'ulpfec'].includes(rtpmap[2]!.toLowerCase())) videoTypes.add(rtpmap[1]!);
  }
  const google = `x-google-start-bitrate=${targetKbps};x-google-min-bitrate=${Math.round(targetKbps / 4)};x-google-max-bitrate=${targetKbps}`;
  const withFmtp = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    if (/^a=rtcp-fb:\d+ transport-cc/.test(line)) continue;
    const fmtp = line.match(/^a=fmtp:(\d+) (.*)$/);
    if (fmtp && videoTypes.has(fmtp[1]!)) {
      withFmtp.add(fmtp[1]!);
      out.push(fmtp[2]!.includes('x-google-start-bitrate') ? line : `${line};${google}`);
      continue;
    }
    out.push(line);
    const rtpmap = line.match(/^a=rtpmap:(\d+) /);
    if (rtpmap && videoTypes.has(rtpmap[1]!) && !lines.some((other) => other.startsWith(`a=fmtp:${rtpmap[1]} `))) out.push(`a=fmtp:${rtpmap[1]} ${google}`);
  }
  return out.join('\r\n');
}

const round = (value: number) => Math.round(value * 10) / 10;

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 200);
}
