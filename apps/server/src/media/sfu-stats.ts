import type { MediaRoomStats } from './media-server';
import type { Room } from './sfu-room';
import { iceRttMs } from './sfu-rtt';

/** A room's health figures: the publisher's ingest, the viewers' egress. */
export function roomStats(room: Room): MediaRoomStats {
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
          rttMs: roundOrNull(iceRttMs(publisher.pc)),
          codec: publisher.tracks.video?.mime ?? null,
          keyframeRequests: publisher.keyframeRequests,
          retransmissions: retransmissions(room),
        }
      : null,
    egressKbps: round(egressKbps),
    viewerRttMs: roundOrNull(medianViewerRtt(room)),
  };
}

function retransmissions(room: Room): number {
  let total = 0;
  for (const viewer of room.viewers.values()) {
    const sender = viewer.out.video?.sender as unknown as { retransmittedPacketsSent?: number } | undefined;
    total += sender?.retransmittedPacketsSent ?? 0;
  }
  return total;
}

/** The median of the viewers' RTCP round-trip times: what a typical viewer of the room sees. */
function medianViewerRtt(room: Room): number | null {
  const samples: number[] = [];
  for (const viewer of room.viewers.values()) {
    const ms = (viewer.out.video ?? viewer.out.audio)?.rtt.ms;
    if (ms !== null && ms !== undefined) samples.push(ms);
  }
  if (samples.length === 0) return null;
  samples.sort((a, b) => a - b);
  const middle = Math.floor(samples.length / 2);
  return samples.length % 2 === 1 ? samples[middle]! : (samples[middle - 1]! + samples[middle]!) / 2;
}

const round = (value: number) => Math.round(value * 10) / 10;
/** Round trips on a LAN are fractions of a millisecond: keep two decimals. */
const roundOrNull = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
