import { COMMAND_ROOM_ID, unitRoomId, type StreamRole } from '@argus/contracts/http/streams';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { canPublish, canView, type StreamUser } from './stream-access';
import type { StreamRoomRow, StreamsRepository } from './streams.repository';

export interface SignedInUser {
  id: string;
  role: string;
  full_name: string;
}

/** Finding a room for a user: the rooms that open on first use, and the check that they may use it. */
export class StreamRooms {
  constructor(
    readonly repository: StreamsRepository,
    private readonly unitsOf: (userId: string) => Promise<ReadonlySet<string>>,
    private readonly clock: Clock,
    /** Hears of rooms opened here on first use (the command room, a unit's own room). */
    private readonly onOpened: (roomId: string) => void = () => undefined,
  ) {}

  async streamUser(user: { id: string; role: string }): Promise<StreamUser> {
    return { id: user.id, role: user.role, unitIds: user.role === 'Field_Unit' ? await this.unitsOf(user.id) : new Set() };
  }

  async authorised(user: SignedInUser, roomId: string, role: StreamRole): Promise<StreamRoomRow> {
    const streamUser = await this.streamUser(user);
    let room = roomId === COMMAND_ROOM_ID ? await this.ensureCommandRoom() : await this.repository.find(roomId);
    // A field unit's own room opens the first time it goes live (or command joins it).
    if (!room && roomId.startsWith('unit-')) room = await this.openUnitRoom(roomId.slice('unit-'.length), user.id);
    if (!room) throw new AppError('room_not_found', `No open video room "${roomId}".`);
    const allowed = role === 'publish' ? canPublish(streamUser, room) : canView(streamUser, room);
    if (!allowed) {
      throw new AppError(
        'forbidden',
        role === 'publish'
          ? 'Your role cannot publish to this room: field units publish only to their own unit’s room.'
          : 'Your role cannot watch this room: it is not shared with your unit.',
      );
    }
    return room;
  }

  async ensureCommandRoom(): Promise<StreamRoomRow> {
    const existing = await this.repository.find(COMMAND_ROOM_ID);
    if (existing) return existing;
    await this.repository.upsert({
      id: COMMAND_ROOM_ID,
      name: 'Command room',
      kind: 'program',
      unit_id: null,
      camera_id: null,
      shared_unit_ids: '[]',
      created_by: null,
      created_at: this.clock.now(),
      closed_at: null,
    });
    this.onOpened(COMMAND_ROOM_ID);
    return (await this.repository.find(COMMAND_ROOM_ID))!;
  }

  private async openUnitRoom(unitId: string, userId: string): Promise<StreamRoomRow | undefined> {
    const callsign = await this.repository.unitCallsign(unitId);
    if (callsign === null) return undefined;
    await this.repository.upsert({
      id: unitRoomId(unitId),
      name: `${callsign} live`,
      kind: 'field',
      unit_id: unitId,
      camera_id: null,
      shared_unit_ids: '[]',
      created_by: userId,
      created_at: this.clock.now(),
      closed_at: null,
    });
    this.onOpened(unitRoomId(unitId));
    return this.repository.find(unitRoomId(unitId));
  }
}
