import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { PeerLiveness, type LivenessTiming } from './peer-liveness';

const TIMING: LivenessTiming = { probeEveryMs: 1_000, deadAfterMs: 4_000 };

/** A peer as the liveness check sees it: a connection state and werift's counters on its selected pair. */
function fakePeer(connectionState = 'connected') {
  const pair = { packetsReceived: 0, requestsReceived: 0, responsesReceived: 0 };
  const pc = { connectionState, iceTransports: [{ connection: { nominated: pair } }] };
  return { pc, pair, asPeer: pc as unknown as RTCPeerConnection };
}

// The check runs on timers and reads Date.now(): fake timers move both, so these tests count
// probe intervals rather than wait for them (the WHEP test shows it end to end, in real time).
describe('peer liveness', () => {
  let silent: string[];
  let liveness: PeerLiveness;

  beforeEach(() => {
    vi.useFakeTimers();
    silent = [];
    liveness = new PeerLiveness((peerId) => silent.push(peerId), TIMING);
  });
  afterEach(() => {
    liveness.stop();
    vi.useRealTimers();
  });

  it('reports a connected peer that sends nothing once it has been silent for longer than deadAfterMs, and not before', () => {
    liveness.watch('quiet', fakePeer().asPeer);
    // The first check reads its counters; from then on nothing changes.
    vi.advanceTimersByTime(TIMING.probeEveryMs + TIMING.deadAfterMs);
    expect(silent).toEqual([]);
    vi.advanceTimersByTime(TIMING.probeEveryMs);
    expect(silent).toEqual(['quiet']);
    // Reported once, then forgotten.
    vi.advanceTimersByTime(10 * TIMING.probeEveryMs);
    expect(silent).toEqual(['quiet']);
  });

  it('keeps a peer whose counters move, whatever it sends', () => {
    const { pair, asPeer } = fakePeer();
    liveness.watch('talking', asPeer);
    for (let second = 0; second < 20; second += 1) {
      if (second % 3 === 0) pair.packetsReceived += 1;
      else if (second % 3 === 1) pair.requestsReceived += 1;
      else pair.responsesReceived += 1;
      vi.advanceTimersByTime(TIMING.probeEveryMs);
    }
    expect(silent).toEqual([]);
  });

  it('leaves a peer that has not connected yet to the timeouts of ICE and DTLS', () => {
    const { pc, asPeer } = fakePeer('connecting');
    liveness.watch('joining', asPeer);
    vi.advanceTimersByTime(20 * TIMING.probeEveryMs);
    expect(silent).toEqual([]);
    // Silence counts from the moment it connects.
    pc.connectionState = 'connected';
    vi.advanceTimersByTime(TIMING.probeEveryMs + TIMING.deadAfterMs);
    expect(silent).toEqual([]);
    vi.advanceTimersByTime(TIMING.probeEveryMs);
    expect(silent).toEqual(['joining']);
  });

  it('forgets a peer that left: it is never reported', () => {
    liveness.watch('gone', fakePeer().asPeer);
    vi.advanceTimersByTime(TIMING.probeEveryMs);
    liveness.forget('gone');
    vi.advanceTimersByTime(10 * TIMING.probeEveryMs);
    expect(silent).toEqual([]);
  });
});
