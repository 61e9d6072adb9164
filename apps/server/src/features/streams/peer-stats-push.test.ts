import { STATS_INTERVAL_MS, type SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaServer } from '../../media/media-server';
import { LivePeers } from './live-peers';
import { PeerStatsPush } from './peer-stats-push';

describe('the stats pushed to socket peers', () => {
  const told: SignalingServerMessage[] = [];
  const peers = new LivePeers({ now: () => 0 });
  const media = { stats: async () => [] } as unknown as MediaServer;

  beforeEach(() => {
    vi.useFakeTimers();
    told.length = 0;
    peers.add({ id: 'v1', roomId: 'r', userId: 'u', name: 'U', role: 'view', startedAt: 0, link: null, notify: (m) => told.push(m) });
  });
  afterEach(() => vi.useRealTimers());

  it('does not start a push while the last one still waits on a slow database', async () => {
    let asked = 0;
    let answer: (counts: Map<string, number>) => void = () => undefined;
    const push = new PeerStatsPush(peers, media, () => {
      asked += 1;
      return new Promise((resolve) => (answer = resolve));
    });
    push.start();
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS * 3);
    expect(asked).toBe(1);
    answer(new Map([['r', 4]]));
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    expect(asked).toBe(2);
    expect(told).toEqual([expect.objectContaining({ type: 'stats', stats: expect.objectContaining({ room: 'r', viewers: 4 }) })]);
    push.stop();
  });

  it('reports a failed push instead of discarding it, and pushes again at the next interval', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const push = new PeerStatsPush(
      peers,
      media,
      async () => {
        if (fail) throw new Error('database unreachable');
        return new Map([['r', 1]]);
      },
      (error) => errors.push(error),
    );
    push.start();
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    expect(errors).toEqual([new Error('database unreachable')]);
    fail = false;
    await vi.advanceTimersByTimeAsync(STATS_INTERVAL_MS);
    expect(told).toHaveLength(1);
    push.stop();
  });
});
