import type { CandidatePair, IceConnection, RTCPeerConnection } from 'werift';

/**
 * Liveness for every SFU peer, including those without a signalling socket (WHIP, WHEP, HTTP
 * signalling). ICE consent alone finds a vanished peer only after 30 s (RFC 7675's timeout, which
 * werift applies). Instead, once a peer is connected:
 * - anything it sends counts: media, RTCP, DTLS, SCTP, its own ICE checks (werift's per-pair counters);
 * - when it has sent nothing for a probe interval, the SFU asks it a STUN binding request on the
 *   selected pair, which every ICE agent answers (a viewer of an empty room may otherwise send
 *   nothing for 5 s or more: consent checks every 4–6 s, RTCP only once media flows);
 * - a peer silent for `deadAfterMs` is reported dead, and the SFU drops it.
 */
export interface LivenessTiming {
  probeEveryMs: number;
  deadAfterMs: number;
}

export const LIVENESS_TIMING: LivenessTiming = { probeEveryMs: 1_000, deadAfterMs: 4_000 };

interface Watched {
  pc: RTCPeerConnection;
  heardAt: number;
  /** The peer's inbound counters when last read; a change means it was heard from. */
  received: number;
}

/** The part of werift's ICE connection a probe needs; buildRequest is private in its types. */
interface ProbingConnection extends IceConnection {
  buildRequest?: (options: {
    nominate: boolean;
    localUsername: string;
    remoteUsername: string;
    iceControlling: boolean;
    localCandidate: CandidatePair['localCandidate'];
  }) => unknown;
}

export class PeerLiveness {
  private readonly watched = new Map<string, Watched>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly onSilent: (peerId: string) => void,
    private readonly timing: LivenessTiming = LIVENESS_TIMING,
  ) {}

  watch(peerId: string, pc: RTCPeerConnection): void {
    this.watched.set(peerId, { pc, heardAt: Date.now(), received: -1 });
    this.timer ??= setInterval(() => this.check(), this.timing.probeEveryMs);
  }

  forget(peerId: string): void {
    this.watched.delete(peerId);
    if (this.watched.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private check(): void {
    const now = Date.now();
    for (const [peerId, entry] of this.watched) {
      // Until the peer connects, ICE and DTLS have their own timeouts.
      if (entry.pc.connectionState !== 'connected') {
        entry.heardAt = now;
        continue;
      }
      const received = inboundCount(entry.pc);
      if (received !== entry.received) {
        entry.received = received;
        entry.heardAt = now;
        continue;
      }
      if (now - entry.heardAt > this.timing.deadAfterMs) {
        this.forget(peerId);
        this.onSilent(peerId);
        continue;
      }
      this.probe(entry);
    }
  }

  private probe(entry: Watched): void {
    for (const transport of entry.pc.iceTransports) {
      const connection = transport.connection as ProbingConnection;
      const pair = connection.nominated;
      if (!pair || typeof connection.buildRequest !== 'function') continue;
      const request = connection.buildRequest({
        nominate: false,
        localUsername: connection.localUsername,
        remoteUsername: connection.remoteUsername,
        iceControlling: connection.iceControlling,
        localCandidate: pair.localCandidate,
      });
      pair.protocol
        .request(request as Parameters<typeof pair.protocol.request>[0], pair.remoteAddr, Buffer.from(connection.remotePassword, 'utf8'), {
          retransmissions: 0,
          responseTimeout: this.timing.probeEveryMs,
        })
        .then(() => {
          entry.heardAt = Date.now();
        })
        .catch(() => undefined);
    }
  }
}

/** Everything the peer has sent on its selected pairs, as werift counts it. */
function inboundCount(pc: RTCPeerConnection): number {
  let total = 0;
  for (const transport of pc.iceTransports) {
    const pair = transport.connection.nominated;
    if (pair) total += pair.packetsReceived + pair.requestsReceived + pair.responsesReceived;
  }
  return total;
}
