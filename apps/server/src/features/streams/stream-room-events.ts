import type { StreamRoom, StreamRoomChange } from '@argus/contracts/http/streams';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import { PUBLISHER_GRACE_MS } from '@argus/contracts/realtime/signaling';
import type { EventPublisher } from '../../realtime/events';
import { sharedUnits } from './stream-access';
import type { StreamRoomRow } from './streams.repository';

/** Changes to one room within this window go out as one event: ten viewers joining at once is one update. */
const COALESCE_MS = 50;

/** Reads a room's current state for an announcement; undefined when it is no longer open. */
export type RoomReader = (roomId: string) => Promise<{ row: StreamRoomRow; room: StreamRoom } | undefined>;

/**
 * Announces room, publisher and viewer changes on the realtime "streams" channel (command and
 * analysts see every room), and on `unit:<id>` for the field units a room belongs or is shared
 * to: the same people /stream/list shows the room to. Screens update from these events instead
 * of polling; only health figures (bitrate, fps) are still read over HTTP.
 */
export class StreamRoomEvents {
  private readonly pending = new Map<string, Set<StreamRoomChange>>();
  /** Bumped when a room closes, so an update read before the close is not sent after it. */
  private readonly epochs = new Map<string, number>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly events: EventPublisher,
    private readonly read: RoomReader,
    private readonly onError: (error: unknown) => void,
  ) {}

  changed(roomId: string, change: StreamRoomChange): void {
    let changes = this.pending.get(roomId);
    if (!changes) this.pending.set(roomId, (changes = new Set()));
    changes.add(change);
    if (change === 'publisher-left') this.expireReconnecting(roomId);
    if (change === 'publisher-back' || change === 'publisher-joined') this.clearGrace(roomId);
    this.flushTimer ??= setTimeout(() => void this.flush(), COALESCE_MS);
  }

  /** The room was closed for everyone: announced at once, with its final state. */
  closed(row: StreamRoomRow, room: StreamRoom): void {
    this.epochs.set(row.id, (this.epochs.get(row.id) ?? 0) + 1);
    this.pending.delete(row.id);
    this.clearGrace(row.id);
    this.events.publish({ type: 'stream.closed', channels: channelsOf(row), data: { room, changes: ['closed'] } });
  }

  stop(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    this.pending.clear();
  }

  private async flush(): Promise<void> {
    this.flushTimer = null;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [roomId, changes] of batch) {
      const epoch = this.epochs.get(roomId) ?? 0;
      try {
        const current = await this.read(roomId);
        if (!current || (this.epochs.get(roomId) ?? 0) !== epoch) continue;
        const type = changes.has('created') ? 'stream.created' : 'stream.updated';
        this.events.publish({ type, channels: channelsOf(current.row), data: { room: current.room, changes: [...changes] } });
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** "reconnecting" turns into "waiting" when the grace period passes without the publisher. */
  private expireReconnecting(roomId: string): void {
    this.clearGrace(roomId);
    const timer = setTimeout(() => {
      this.graceTimers.delete(roomId);
      this.changed(roomId, 'reconnect-expired');
    }, PUBLISHER_GRACE_MS + 100);
    timer.unref();
    this.graceTimers.set(roomId, timer);
  }

  private clearGrace(roomId: string): void {
    const timer = this.graceTimers.get(roomId);
    if (timer) clearTimeout(timer);
    this.graceTimers.delete(roomId);
  }
}

function channelsOf(row: StreamRoomRow): Channel[] {
  const units = new Set([...(row.unit_id ? [row.unit_id] : []), ...sharedUnits(row)]);
  return ['streams', ...[...units].map((unitId) => channels.unit(unitId))];
}
