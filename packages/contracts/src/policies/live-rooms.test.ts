import { describe, expect, it } from 'vitest';
import { isRoomLive, offlineReason } from './live-rooms';

const publisher = { userId: 'u1', name: 'Ada', since: 1, codec: 'VP8' };

describe('live rooms', () => {
  it('counts only an open room with a publisher as live', () => {
    expect(isRoomLive({ status: 'live', publisher })).toBe(true);
    expect(isRoomLive({ status: 'waiting', publisher: null })).toBe(false);
    expect(isRoomLive({ status: 'reconnecting', publisher: null })).toBe(false);
    expect(isRoomLive({ status: 'ended', publisher: null })).toBe(false);
    // A status that says live without anyone publishing is not trusted.
    expect(isRoomLive({ status: 'live', publisher: null })).toBe(false);
  });

  it('says why a room is offline, and nothing for a live one', () => {
    expect(offlineReason({ name: 'Drone 1', status: 'live', publisher })).toBeNull();
    expect(offlineReason({ name: 'Drone 1', status: 'waiting', publisher: null })).toBe('Drone 1 is offline: nobody is publishing to it.');
    expect(offlineReason({ name: 'Drone 1', status: 'reconnecting', publisher: null })).toContain('dropped');
    expect(offlineReason({ name: 'Drone 1', status: 'ended', publisher: null })).toBe('Drone 1 has been closed.');
  });
});
