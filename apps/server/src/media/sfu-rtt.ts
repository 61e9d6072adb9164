import { performance } from 'node:perf_hooks';
import { RtcpRrPacket, RtcpSrPacket, type RTCPeerConnection, type RTCRtpSender } from 'werift';

/** Sender reports remembered for matching receiver reports: a few seconds' worth. */
const REMEMBERED_REPORTS = 8;
/** Weight of the newest sample in the smoothed RTT (RFC 6298's 1/8). */
const SMOOTHING = 1 / 8;

/**
 * Round-trip time to a viewer from RTCP (RFC 3550 §6.4.1): the viewer's receiver report echoes
 * the SFU's last sender report (LSR) and how long it held it (DLSR), so RTT = now − when that
 * sender report left − DLSR. werift computes this too, but from millisecond wall-clock times,
 * which on a LAN or loopback (RTT well under 1 ms) comes out as zero or negative; here the
 * send time is taken from the monotonic high-resolution clock when werift stamps the report.
 */
export class SenderRtt {
  /** Smoothed RTT in ms; null until a receiver report has answered a sender report. */
  ms: number | null = null;
  private readonly sentAt = new Map<number, number>();

  constructor(private readonly sender: RTCRtpSender) {
    this.watchSenderReports();
    sender.onRtcp.subscribe((packet) => {
      if (packet instanceof RtcpRrPacket || packet instanceof RtcpSrPacket) this.onReports(packet.reports, performance.now());
    });
  }

  /** werift sets `lastSRtimestamp` (the compact NTP time, LSR) right as it sends a sender report. */
  private watchSenderReports(): void {
    const holder = this.sender as unknown as Record<string, unknown>;
    let value = holder.lastSRtimestamp;
    Object.defineProperty(holder, 'lastSRtimestamp', {
      configurable: true,
      enumerable: true,
      get: () => value,
      set: (next: unknown) => {
        value = next;
        if (typeof next !== 'number') return;
        this.sentAt.set(next, performance.now());
        if (this.sentAt.size > REMEMBERED_REPORTS) this.sentAt.delete(this.sentAt.keys().next().value!);
      },
    });
  }

  private onReports(reports: { ssrc: number; lsr: number; dlsr: number }[], now: number): void {
    for (const report of reports) {
      if (report.ssrc !== this.sender.ssrc || report.lsr === 0) continue;
      const sentAt = this.sentAt.get(report.lsr);
      if (sentAt === undefined) continue;
      const sample = now - sentAt - (report.dlsr * 1000) / 65536;
      if (sample < 0) continue;
      this.ms = this.ms === null ? sample : this.ms + SMOOTHING * (sample - this.ms);
    }
  }
}

/**
 * Round-trip time to a publisher, in ms, from ICE: the SFU only receives from a publisher, so
 * RTCP gives it no round trip (that needs sender reports it never sends); werift times its STUN
 * connectivity and consent checks (every ~5 s, RFC 7675) on the selected pair instead.
 */
export function iceRttMs(pc: RTCPeerConnection): number | null {
  const rtt = pc.dtlsTransports[0]?.iceTransport.connection.nominated?.rtt;
  return rtt === undefined ? null : rtt * 1000;
}
