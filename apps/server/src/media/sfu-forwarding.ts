import {
  ReceiverEstimatedMaxBitrate,
  RtcpPayloadSpecificFeedback,
  type RTCRtpCodecParameters,
  type RTCRtpSender,
  type RtpPacket,
} from 'werift';
import { TelemetryMessage } from '@argus/contracts/realtime/signaling';
import { CLOCK_RATE, type InboundTrack, type Kind, type Publisher, type Room, type Viewer } from './sfu-room';

/** RFC 5104: payload-specific feedback format 4 is a Full Intra Request. */
const FIR_FORMAT = 4;
/** Keyframe requests to one publisher at most this often: a burst of joins asks once. */
const PLI_MIN_INTERVAL_MS = 300;
const MAX_TELEMETRY_BYTES = 2_048;

/** Sends a publisher's packet to every started viewer of the room, each through its own sender. */
export function forward(room: Room, kind: Kind, inbound: InboundTrack, rtp: RtpPacket): void {
  const now = Date.now();
  for (const viewer of room.viewers.values()) {
    if (!viewer.started || viewer.pc.connectionState !== 'connected') continue;
    sendTo(viewer, kind, inbound, rtp, now);
  }
}

/**
 * A viewer whose transport has just connected: first the publisher's packets since its last
 * keyframe (so it can decode at once), then the live packets. Without a recent keyframe held,
 * the publisher is asked for one.
 */
export function startViewer(room: Room, viewer: Viewer): void {
  if (viewer.started) return;
  const video = room.publisher?.tracks.video;
  const replay = video?.gop.replay() ?? [];
  const now = Date.now();
  if (video) for (const rtp of replay) sendTo(viewer, 'video', video, rtp, now);
  viewer.started = true;
  if (replay.length === 0) requestKeyframe(room, false);
}

function sendTo(viewer: Viewer, kind: Kind, inbound: InboundTrack, rtp: RtpPacket, now: number): void {
  const out = viewer.out[kind];
  if (!out) return;
  selectCodec(out.sender, inbound.mime, kind);
  if (out.rebaseFrom !== null) {
    // Re-base by the wall-clock gap, so the jitter buffer neither waits nor jumps.
    const gapMs = Math.max(1, now - out.rebaseFrom);
    out.sender.replaceRTP(rtp.header, true, Math.round((gapMs * CLOCK_RATE[kind]) / 1000));
    out.rebaseFrom = null;
  }
  out.lastSentAt = now;
  viewer.meter.bytesOut(rtp.payload.length + 12);
  // werift's sendRtp clones the packet: each viewer gets its own copy.
  out.sender.sendRtp(rtp).catch(() => undefined);
}

/** Makes the viewer's sender use the viewer's own payload type for the publisher's codec. */
function selectCodec(sender: RTCRtpSender, mime: string | null, kind: Kind): void {
  if (!mime || kind !== 'video') return;
  const current = sender.codec;
  if (current && current.mimeType.toUpperCase().endsWith(`/${mime}`)) return;
  const negotiated = (sender as unknown as { negotiatedCodecs?: RTCRtpCodecParameters[] }).negotiatedCodecs ?? [];
  const match = negotiated.find((codec) => codec.mimeType.toUpperCase().endsWith(`/${mime}`));
  if (!match) return;
  sender.codec = match;
  const rtx = negotiated.find(
    (codec) => codec.name.toLowerCase() === 'rtx' && (codec.parameters ?? '').includes(`apt=${match.payloadType}`),
  );
  (sender as unknown as { rtxPayloadType?: number }).rtxPayloadType = rtx?.payloadType;
}

/** A viewer's PLI or FIR becomes a keyframe request to the room's publisher. */
export function watchViewerFeedback(room: Room, sender: RTCRtpSender): void {
  sender.onPictureLossIndication.subscribe(() => requestKeyframe(room, false));
  sender.onRtcp.subscribe((packet) => {
    if (packet instanceof RtcpPayloadSpecificFeedback && packet.feedback.count === FIR_FORMAT) requestKeyframe(room, false);
  });
}

export function requestKeyframe(room: Room, force: boolean): void {
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

/** REMB at the target bitrate: the congestion-feedback choice of docs/video.md. */
export function sendRemb(publisher: Publisher, targetKbps: number): void {
  const video = publisher.tracks.video;
  const ssrc = video?.track.ssrc;
  if (!video || ssrc === undefined || publisher.pc.connectionState !== 'connected') return;
  const packet = new RtcpPayloadSpecificFeedback({
    feedback: new ReceiverEstimatedMaxBitrate({ senderSsrc: 1, mediaSsrc: 0, bitrate: BigInt(targetKbps * 1000), ssrcFeedbacks: [ssrc] }),
  });
  const transport = (video.receiver as unknown as { dtlsTransport?: { sendRtcp(packets: unknown[]): Promise<unknown> } }).dtlsTransport;
  transport?.sendRtcp([packet]).catch(() => undefined);
}

/** Relays a publisher's telemetry message, if valid, to every viewer's telemetry channel. */
export function relayTelemetry(room: Room, publisher: Publisher, data: string | Buffer): void {
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
