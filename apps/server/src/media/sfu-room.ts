import type { MediaStreamTrack, RTCDataChannel, RTCPeerConnection, RTCRtpReceiver, RTCRtpSender } from 'werift';
import type { GopCache } from './gop-cache';
import type { Meter } from './sfu-meter';
import { SenderRtt } from './sfu-rtt';

/** The SFU's live state: one publisher per room, any number of viewers, every peer by id. */
export type Kind = 'video' | 'audio';

export const CLOCK_RATE: Record<Kind, number> = { video: 90000, audio: 48000 };

export interface InboundTrack {
  kind: Kind;
  track: MediaStreamTrack;
  receiver: RTCRtpReceiver;
  mime: string | null;
  /** Video only: the packets since the last keyframe, replayed to each new viewer. */
  gop: GopCache;
}

export interface Publisher {
  peerId: string;
  pc: RTCPeerConnection;
  tracks: Partial<Record<Kind, InboundTrack>>;
  lastPliAt: number;
  keyframeRequests: number;
  meter: Meter;
  remb: NodeJS.Timeout;
}

export interface Outbound {
  sender: RTCRtpSender;
  /** Set after a publisher change: the next packet re-bases seq and timestamp by wall clock. */
  rebaseFrom: number | null;
  lastSentAt: number;
  /** RTT to the viewer from its receiver reports. */
  rtt: SenderRtt;
}

export interface Viewer {
  peerId: string;
  pc: RTCPeerConnection;
  out: Partial<Record<Kind, Outbound>>;
  telemetry: RTCDataChannel | null;
  meter: Meter;
  /** Set once its transport is up and it has been sent the replay: live packets flow from then on. */
  started: boolean;
}

export interface Room {
  id: string;
  publisher: Publisher | null;
  viewers: Map<string, Viewer>;
  /** When the last publisher left; viewers re-base from here when one returns. */
  publisherGoneAt: number | null;
}

export interface Peer {
  roomId: string;
  role: 'publish' | 'view';
  pc: RTCPeerConnection;
  candidates: number;
}

export const newOutbound = (sender: RTCRtpSender): Outbound => ({ sender, rebaseFrom: null, lastSentAt: 0, rtt: new SenderRtt(sender) });
