import type { CandidateType } from './stats';

export interface StunCheckResult {
  /** Candidate types gathered, with how many of each. */
  counts: Partial<Record<CandidateType, number>>;
  /** A server-reflexive candidate means a STUN server answered: the public address is known. */
  srflxFound: boolean;
  relayFound: boolean;
  /** Gathering finished (true) or the time limit stopped it. */
  complete: boolean;
  publicAddresses: string[];
  ms: number;
}

/**
 * Gathers candidates with the given ICE servers on a throwaway connection and reports what came
 * back: srflx means STUN is reachable, relay means TURN works.
 */
export async function checkStunReachability(iceServers: RTCIceServer[], timeoutMs = 8000): Promise<StunCheckResult> {
  const started = performance.now();
  const pc = new RTCPeerConnection({ iceServers });
  const counts: Partial<Record<CandidateType, number>> = {};
  const publicAddresses = new Set<string>();
  try {
    pc.createDataChannel('stun-check');
    const complete = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      pc.addEventListener('icecandidate', (event) => {
        if (!event.candidate) {
          clearTimeout(timer);
          resolve(true);
          return;
        }
        const type = event.candidate.type;
        if (type) counts[type] = (counts[type] ?? 0) + 1;
        if (type === 'srflx' && event.candidate.address) publicAddresses.add(event.candidate.address);
      });
    });
    await pc.setLocalDescription(await pc.createOffer());
    const finished = await complete;
    return {
      counts,
      srflxFound: (counts.srflx ?? 0) > 0,
      relayFound: (counts.relay ?? 0) > 0,
      complete: finished,
      publicAddresses: [...publicAddresses],
      ms: Math.round(performance.now() - started),
    };
  } finally {
    pc.close();
  }
}
