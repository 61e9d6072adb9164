import { PUBLISHER_GRACE_MS } from '@argus/contracts/realtime/signaling';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { LivePeers } from './live-peers';

describe('a room’s state while its publisher is away', () => {
  it('counts the grace from the later departure, this process’s or one heard from the others', () => {
    const clock = new ManualClock();
    const peers = new LivePeers(clock);
    // This process heard the publisher go, then lost its viewer and with it the news of its return.
    peers.publisherLeft('r');
    clock.advance(PUBLISHER_GRACE_MS);
    // It published again through another process and left there a moment ago.
    const leftElsewhere = clock.now() - 1_000;
    expect(peers.liveState('r', [], new Map(), { viewers: 1, publisherGoneAt: leftElsewhere }).status).toBe('reconnecting');
    expect(peers.liveState('r', [], new Map(), { viewers: 1 }).status).toBe('waiting');
    expect(peers.liveState('r', [], new Map(), { viewers: 0, publisherGoneAt: leftElsewhere }).status).toBe('waiting');
  });
});
