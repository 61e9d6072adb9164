import { STATS_INTERVAL_MS } from '@argus/contracts/realtime/signaling';
import type { MediaServer } from '../../media/media-server';
import type { LivePeers } from './live-peers';

/** Sends every socket peer its room's figures once a second, while any socket peer is live. */
export class PeerStatsPush {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly peers: LivePeers,
    private readonly media: MediaServer,
    /** Each room's viewers, on every process sharing the media server or on this one. */
    private readonly viewerCounts: (roomIds: readonly string[]) => Promise<Map<string, number>>,
  ) {}

  start(): void {
    this.timer ??= // A push that fails (the database or media server busy) is skipped: the next one comes a second later.
      this.timer ??= setInterval(() => void this.push().catch(() => undefined), STATS_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
