import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { StreamsRepository } from './streams.repository';

/** How often a process records that it is alive. */
export const HEARTBEAT_MS = 5_000;

/**
 * Silent this long, a process is taken for dead (killed, or cut off from the database): its open
 * sessions stop counting and the next live process to record itself ends them. Four heartbeats, so a
 * slow database write or a pause of the event loop does not end a live process's viewers.
 */
export const NODE_LOST_AFTER_MS = 4 * HEARTBEAT_MS;

/** What this process holds now, read at each heartbeat and count. */
export interface HeldHere {
  /** The ids of the peers (and so of the sessions) this process holds. */
  peerIds(): string[];
  /** This process's viewers of each room, from memory: they count even when its heartbeats fail. */
  viewerCounts(roomIds: readonly string[]): Map<string, number>;
}

/**
 * The server processes sharing one media server (Janus: docs/decisions/0076-janus-behind-the-media-server-interface.md).
 * Each records its sessions under its own id and that it is alive; a room's viewers are this
 * process's own, counted in memory, and the open view sessions of every other live process.
 */
export class StreamNodes {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private held: HeldHere = { peerIds: () => [], viewerCounts: () => new Map() };
  /** When this process last recorded itself; null before it has. */
  private lastSeenAt: number | null = null;
  /** The heartbeat under way, which stop() waits for so that it cannot record the process again after it. */
  private beating: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly repository: StreamsRepository,
    private readonly clock: Clock,
  ) {}

  async start(onError: (error: unknown) => void, held?: HeldHere): Promise<void> {
    if (held) this.held = held;
    this.stopped = false;
    await this.beat().catch(onError);
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.beat().catch(onError), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Stopping: this process's sessions end now rather than when the others notice its silence. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating?.catch(() => undefined);
    await this.repository.endNodeSessions(this.id, this.clock.now());
  }

  /** The viewers of each room: this process's own and those of every other live process. */
  async viewerCounts(roomIds: readonly string[]): Promise<Map<string, number>> {
    const others = await this.repository.openViewerCounts(roomIds, this.clock.now() - NODE_LOST_AFTER_MS, this.id);
    const counts = new Map<string, number>();
    for (const [roomId, here] of this.held.viewerCounts(roomIds)) if (here > 0) counts.set(roomId, here);
    for (const [roomId, there] of others) counts.set(roomId, (counts.get(roomId) ?? 0) + there);
    return counts;
  }

  private beat(): Promise<void> {
    // One at a time: heartbeats waiting on a database that is out do not pile up, and stop() has one to wait for.
    if (this.stopped || this.beating) return Promise.resolve();
    const beating = this.record().finally(() => {
      if (this.beating === beating) this.beating = null;
    });
    this.beating = beating;
    return beating;
  }

  private async record(): Promise<void> {
    const now = this.clock.now();
    const previous = this.lastSeenAt;
    const rowWasThere = await this.repository.markNodeSeen(this.id, now);
    this.lastSeenAt = now;
    // Taken for lost while silent (a stall, or cut off from the database): the sessions it still holds are live again.
    if (!rowWasThere) await this.repository.reopenNodeSessions(this.id, this.held.peerIds());
    // Silent too long itself (the database was out, or this process stalled): the others were likely
    // silent for the same reason, and have not had a heartbeat to record themselves since. Judge them
    // at the next one.
    if (previous === null || now - previous > NODE_LOST_AFTER_MS) return;
    await this.repository.endSessionsOfLostNodes(now - NODE_LOST_AFTER_MS, now);
  }
}
