import { describe, expect, it } from 'vitest';
import type { MediaRoomStats, MediaServer } from '../../media/media-server';
import { liveRoomsOf } from './live-rooms';

const room = (roomId: string, publisherPeerId: string | null, fps: number | null): MediaRoomStats => ({
  roomId,
  publisherPeerId,
  viewerPeerIds: [],
  publisher:
    fps === null
      ? null
      : { bitrateKbps: 900, fps, packetLoss: 0.01, rttMs: null, codec: 'video/VP8', keyframeRequests: 0, retransmissions: 0 },
  egressKbps: 0,
  viewerRttMs: null,
});

/** Only what liveRoomsOf reads of a media server. */
function media(state: MediaServer['state']['state'], rooms: MediaRoomStats[], elsewhere: Record<string, string>): MediaServer {
  return {
    state: { state, restarts: 0, startedAt: null },
    stats: async () => rooms,
    publishersElsewhere: async (roomIds: readonly string[]) =>
      new Map(Object.entries(elsewhere).filter(([roomId]) => roomIds.includes(roomId))),
  } as unknown as MediaServer;
}

describe('live rooms for the camera health check (docs/decisions/0076-janus-behind-the-media-server-interface.md)', () => {
  it('counts a publisher the media server cannot measure (Janus) and one held by another node, with null figures', async () => {
    const live = await liveRoomsOf(
      media('running', [room('here', 'peer-1', null), room('measured', 'peer-2', 25), room('empty', null, null)], { far: 'peer-3' }),
    ).snapshot(['here', 'measured', 'empty', 'far']);
    expect(Object.fromEntries(live)).toEqual({
      here: { fps: null, packetLoss: null },
      measured: { fps: 25, packetLoss: 0.01 },
      far: { fps: null, packetLoss: null },
    });
  });

  it('does not ask a media server that is not running for its own rooms, but still for rooms held elsewhere', async () => {
    const live = await liveRoomsOf(media('stopped', [room('here', 'peer-1', 25)], { far: 'peer-3' })).snapshot(['here', 'far']);
    expect([...live.keys()]).toEqual(['far']);
  });
});
