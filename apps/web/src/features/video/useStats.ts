import { useEffect, useState } from 'react';
import { StatsSampler, type MediaStats } from '../../lib/webrtc/stats';

/** Samples a connection's stats every second while it exists. */
export function useStats(pc: RTCPeerConnection | null, direction: 'send' | 'receive', intervalMs = 1000): MediaStats | null {
  const [stats, setStats] = useState<MediaStats | null>(null);
  useEffect(() => {
    setStats(null);
    if (!pc) return undefined;
    const sampler = new StatsSampler(direction);
    let stopped = false;
    const tick = async () => {
      try {
        const next = await sampler.sample(pc);
        if (!stopped) setStats(next);
      } catch {
        // A closed connection has no stats; the owner replaces it.
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pc, direction, intervalMs]);
  return stats;
}
