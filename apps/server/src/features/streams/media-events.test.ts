import type { SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { describe, expect, it } from 'vitest';
import { LivePeers } from './live-peers';
import { handleMediaEvent } from './media-events';

describe('media events reaching the stream service (docs/decisions/0076-janus-behind-the-media-server-interface.md)', () => {
  it('closes a publisher replaced through another node with the one-node text, instead of telling it to reconnect', async () => {
    const peers = new LivePeers({ now: () => 0 });
    const told: SignalingServerMessage[] = [];
    peers.add({
      id: 'p1',
      roomId: 'r',
      userId: 'u',
      name: 'U',
      role: 'publish',
      startedAt: 0,
      link: null,
      notify: (message) => told.push(message),
    });
    const ended: [string[], boolean][] = [];
    handleMediaEvent(
      { type: 'publisher-replaced', peerId: 'p1' },
      peers,
      async (peerIds, closeMedia) => void ended.push([peerIds, closeMedia]),
      () => undefined,
    );
    expect(told).toEqual([{ type: 'closed', reason: 'Another connection started publishing to this room.' }]);
    expect(ended).toEqual([[['p1'], false]]);
  });
});
