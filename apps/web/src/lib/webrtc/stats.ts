/**
 * getStats reduced to what people read: resolution, frames per second, bitrate, loss, round-trip
 * time, the jitter buffer's delay and the ICE candidate types in use. Rates need two samples, so a
 * `StatsSampler` keeps the previous report of its connection.
 */

export type CandidateType = 'host' | 'srflx' | 'prflx' | 'relay';

export interface MediaStats {
  direction: 'send' | 'receive';
  width: number | null;
  height: number | null;
  fps: number | null;
  /** Bits per second over the last interval, video and audio together. */
  bitrate: number | null;
  /** Fraction of packets lost, 0 to 1, over the whole session. */
  packetLoss: number | null;
  /** Seconds, from the selected candidate pair or the remote RTCP report. */
  rtt: number | null;
  /** Seconds a frame waited in the receiver's jitter buffer, on average over the last interval. */
  jitterBufferDelay: number | null;
  framesDecoded: number | null;
  framesSent: number | null;
  localCandidate: CandidateType | null;
  remoteCandidate: CandidateType | null;
  codec: string | null;
  at: number;
}

type Report = Record<string, unknown> & { type: string; id: string; timestamp: number };

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function entries(report: RTCStatsReport): Report[] {
  const list: Report[] = [];
  report.forEach((value: Report) => list.push(value));
  return list;
}

function selectedPair(list: Report[]): Report | undefined {
  const transport = list.find((r) => r.type === 'transport' && typeof r.selectedCandidatePairId === 'string');
  if (transport) return list.find((r) => r.id === transport.selectedCandidatePairId);
  return list.find((r) => r.type === 'candidate-pair' && r.nominated === true && r.state === 'succeeded');
}

function candidateType(list: Report[], id: unknown): CandidateType | null {
  const candidate = list.find((r) => r.id === id);
  const type = candidate?.candidateType;
  return type === 'host' || type === 'srflx' || type === 'prflx' || type === 'relay' ? type : null;
}

interface Totals {
  bytes: number;
  jitterDelay: number;
  emitted: number;
  at: number;
}

/** Turns successive getStats reports of one connection into rates. */
export class StatsSampler {
  private previous: Totals | null = null;
  private last: MediaStats | null = null;

  constructor(private readonly direction: 'send' | 'receive') {}

  async sample(pc: RTCPeerConnection): Promise<MediaStats> {
    return this.read(await pc.getStats());
  }

  read(report: RTCStatsReport): MediaStats {
    const list = entries(report);
    const rtpType = this.direction === 'send' ? 'outbound-rtp' : 'inbound-rtp';
    const rtp = list.filter((r) => r.type === rtpType);
    const video = rtp.find((r) => r.kind === 'video');
    const bytes = rtp.reduce((sum, r) => sum + (num(this.direction === 'send' ? r.bytesSent : r.bytesReceived) ?? 0), 0);
    const jitterDelay = num(video?.jitterBufferDelay) ?? 0;
    const emitted = num(video?.jitterBufferEmittedCount) ?? 0;
    const at = video?.timestamp ?? Date.now();
    // Chromium caches a report for a moment; a repeat of the last one carries no new interval.
    if (this.previous && at <= this.previous.at && this.last) return this.last;
    const previous = this.previous;
    this.previous = { bytes, jitterDelay, emitted, at };
    const seconds = previous ? (at - previous.at) / 1000 : 0;

    const pair = selectedPair(list);
    const remoteInbound = list.find((r) => r.type === 'remote-inbound-rtp' && r.kind === 'video');
    const rtt = num(pair?.currentRoundTripTime) ?? num(remoteInbound?.roundTripTime);

    let packetLoss: number | null = null;
    if (this.direction === 'receive' && video) {
      const lost = num(video.packetsLost) ?? 0;
      const received = num(video.packetsReceived) ?? 0;
      packetLoss = lost + received > 0 ? Math.max(0, lost) / (lost + received) : null;
    } else if (remoteInbound) {
      packetLoss = num(remoteInbound.fractionLost);
    }

    const codec = video ? list.find((r) => r.id === video.codecId) : undefined;
    this.last = {
      direction: this.direction,
      width: num(video?.frameWidth),
      height: num(video?.frameHeight),
      fps: num(video?.framesPerSecond),
      bitrate: previous && seconds > 0 ? Math.max(0, ((bytes - previous.bytes) * 8) / seconds) : null,
      packetLoss,
      rtt,
      jitterBufferDelay:
        previous && emitted > previous.emitted ? (jitterDelay - previous.jitterDelay) / (emitted - previous.emitted) : null,
      framesDecoded: num(video?.framesDecoded),
      framesSent: num(video?.framesSent),
      localCandidate: pair ? candidateType(list, pair.localCandidateId) : null,
      remoteCandidate: pair ? candidateType(list, pair.remoteCandidateId) : null,
      codec: typeof codec?.mimeType === 'string' ? codec.mimeType.replace(/^video\//, '') : null,
      at,
    };
    return this.last;
  }
}

export function formatBitrate(bitsPerSecond: number | null): string {
  if (bitsPerSecond === null) return '–';
  if (bitsPerSecond >= 1_000_000) return `${(bitsPerSecond / 1_000_000).toFixed(2)} Mbit/s`;
  return `${Math.round(bitsPerSecond / 1000)} kbit/s`;
}

export function formatMs(seconds: number | null): string {
  return seconds === null ? '–' : `${Math.round(seconds * 1000)} ms`;
}

export function formatLoss(fraction: number | null): string {
  return fraction === null ? '–' : `${(fraction * 100).toFixed(fraction < 0.01 ? 2 : 1)}%`;
}
