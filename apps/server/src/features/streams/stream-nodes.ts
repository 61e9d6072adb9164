import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type { StreamsRepository } from './streams.repository';

/** How often a process records that it is alive. */
const HEARTBEAT_MS = 5_000;

/**
 * Silent this long, a process is taken for dead (killed, or cut off from the database): its open
 * sessions stop counting and the next live process to record itself ends them. Four heartbeats, so a
 * slow database write or a pause of the event loop does not end a live process's viewers.
 */
export const NODE_LOST_AFTER_MS = 4 * HEARTBEAT_MS;

/**
 * The server processes sharing one media server (Janus: docs/decisions/0076-janus-behind-the-media-server-interface.md).
 * Each records its sessions under its own id and that it is alive; a room's viewers are the open
 * view sessions of every live process, so each process counts the viewers the others hold.
 */
export class StreamNodes {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: StreamsRepository,
    private readonly clock: Clock,
  ) {}

  async start(onError: (error: unknown) => void): Promise<void> {
    await this.beat().catch(onError);
    this.timer ??= setInterval(() => void this.beat().catch(onError), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Stopping: this process's sessions end now rather than when the others notice its silence. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.repository.endNodeSessions(this.id, this.clock.now());
  }

  /** The viewers of each room on every live process. */
  viewerCounts(roomIds: readonly string[]): Promise<Map<string, number>> {
    return this.repository.openViewerCounts(roomIds, this.clock.now() - NODE_LOST_AFTER_MS);
  }

  private async beat(): Promise<void> {
    const now = this.clock.now();
    await this.repository.markNodeSeen(this.id, now);
    await this.repository.endSessionsOfLostNodes(now - NODE_LOST_AFTER_MS);
  }
}
