import { STATS_INTERVAL_MS } from '@argus/contracts/realtime/signaling';
import type { MediaServer } from '../../media/media-server';
import type { LivePeers } from './live-peers';

/** Sends every socket peer its room's figures every STATS_INTERVAL_MS, while any socket peer is live. */
export class PeerStatsPush {
  private timer: NodeJS.Timeout | null = null;
  /** Set while a push waits on the media server or the database: a slow one is not joined by the next. */
  private pushing = false;

  constructor(
    private readonly peers: LivePeers,
    private readonly media: MediaServer,
    /** Each room's viewers, on every process sharing the media server or on this one. */
    private readonly viewerCounts: (roomIds: readonly string[]) => Promise<Map<string, number>>,
    private readonly onError: (error: unknown) => void = (error) => console.error('streams: pushing room figures to socket peers', error),
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), STATS_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A push that fails (the database or media server out) is logged and skipped: the next one comes an interval later. */
  private async tick(): Promise<void> {
    if (this.pushing) return;
    this.pushing = true;
    try {
      await this.push();
    } catch (error) {
      this.onError(error);
    } finally {
      this.pushing = false;
    }
  }

  private async push(): Promise<void> {
    const stats = await this.media.stats();
    const byRoom = new Map(stats.map((entry) => [entry.roomId, entry]));
    const viewers = await this.viewerCounts([...new Set(this.peers.all().flatMap((peer) => (peer.notify ? [peer.roomId] : [])))]);
    for (const peer of this.peers.all()) {
      if (!peer.notify) continue;
      const entry = byRoom.get(peer.roomId);
      peer.notify({
        type: 'stats',
        stats: {
          room: peer.roomId,
          viewers: viewers.get(peer.roomId) ?? 0,
          bitrateKbps: entry?.publisher?.bitrateKbps ?? 0,
          fps: entry?.publisher?.fps ?? 0,
          packetLoss: entry?.publisher?.packetLoss ?? 0,
          rttMs: entry?.publisher?.rttMs ?? null,
          codec: entry?.publisher?.codec ?? null,
        },
      });
    }
  }
}
