import type { StreamRoom, StreamRoomStatus } from '@argus/contracts/http/streams';
import { sharedUnits } from './stream-access';
import type { StreamRoomRow } from './streams.repository';

export interface RoomLiveState {
  status: StreamRoomStatus;
  publisher: StreamRoom['publisher'];
  viewers: number;
}

export function presentRoom(row: StreamRoomRow, live: RoomLiveState): StreamRoom {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.closed_at !== null ? 'ended' : live.status,
    publisher: live.publisher,
    viewers: live.viewers,
    unitId: row.unit_id,
    cameraId: row.camera_id,
    sharedWithUnitIds: sharedUnits(row),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
  };
}
