import { describe, expect, it } from 'vitest';
import type { StreamRoom } from '@argus/contracts/http/streams';
import { applyRoomEvent } from './stream-cache';

const room = (id: string, createdAt: number, overrides: Partial<StreamRoom> = {}): StreamRoom => ({
  id,
  name: id,
  kind: 'field',
  status: 'waiting',
  publisher: null,
  viewers: 0,
  unitId: null,
  cameraId: null,
  sharedWithUnitIds: [],
  createdBy: null,
  createdAt,
  ...overrides,
});

describe('applyRoomEvent', () => {
  const list = { rooms: [room('command-room', 1), room('unit-a', 5)] };

  it('adds a new room where /stream/list would put it (oldest first)', () => {
    expect(applyRoomEvent(list, 'stream.created', room('unit-b', 3)).rooms.map((r) => r.id)).toEqual(['command-room', 'unit-b', 'unit-a']);
  });

  it('replaces a room with its newer state', () => {
    const live = room('unit-a', 5, { status: 'live', viewers: 2 });
    expect(applyRoomEvent(list, 'stream.updated', live).rooms).toEqual([list.rooms[0], live]);
  });

  it('drops a closed room', () => {
    expect(applyRoomEvent(list, 'stream.closed', room('unit-a', 5, { status: 'ended' })).rooms.map((r) => r.id)).toEqual(['command-room']);
  });
});
