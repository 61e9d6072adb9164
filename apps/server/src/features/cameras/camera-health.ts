import { CAMERA_HEALTH, type CameraStatus } from '@argus/contracts/http/cameras';
import type { CameraRow } from './cameras.repository';

/** What the SFU measures of a room's publisher; null where the media server measures nothing (Janus, docs/decisions/0076-janus-behind-the-media-server-interface.md). */
export interface LiveFeed {
  fps: number | null;
  packetLoss: number | null;
}

/** Stream rooms with a live publisher right now, keyed by room id. */
export type LiveRoomSnapshot = ReadonlyMap<string, LiveFeed>;

/** Where the health check learns which rooms are live (the SFU). */
export interface LiveRooms {
  /** `roomIds`: the rooms the caller asks about, for publishers held by another node through a shared media server. */
  snapshot(roomIds: readonly string[]): Promise<LiveRoomSnapshot>;
}

export const NO_LIVE_ROOMS: LiveRooms = { snapshot: async () => new Map() };

export interface CameraHealth {
  status: CameraStatus;
  reason: string;
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/** Low fps or packet loss, in words; null when the feed is healthy or unmeasured. */
function poorFeed(fps: number | null, packetLoss: number | null): string | null {
  if (fps !== null && fps < CAMERA_HEALTH.minFps) return `Feed at ${fps.toFixed(1)} fps (below ${CAMERA_HEALTH.minFps}).`;
  if (packetLoss !== null && packetLoss > CAMERA_HEALTH.maxPacketLoss) return `Feed losing ${(packetLoss * 100).toFixed(1)}% of packets.`;
  return null;
}

/**
 * The health rule, applied on every check (every 30 s) and on every heartbeat:
 * - online: its stream room has a live publisher, or a heartbeat or detection came within 60 s,
 *   and what was last measured (the SFU's figures for a live room, else the heartbeat's) was
 *   healthy: at least 5 fps, at most 5% packet loss;
 * - degraded: live but poorly measured, or the last heartbeat is 60 s to 3 min old (late);
 * - offline: deactivated, never seen, or nothing for 3 minutes.
 */
export function cameraHealth(row: CameraRow, now: number, rooms: LiveRoomSnapshot): CameraHealth {
  if (!row.active) return { status: 'offline', reason: 'Deactivated.' };
  const age = row.last_seen_at === null ? null : Math.max(0, now - row.last_seen_at);
  const recent = age !== null && age <= CAMERA_HEALTH.onlineWithinMs;
  const live = row.room === null ? undefined : rooms.get(row.room);
  if (live) {
    const poorStream = poorFeed(live.fps, live.packetLoss);
    return poorStream
      ? { status: 'degraded', reason: `Its stream: ${poorStream}` }
      : { status: 'online', reason: 'Its stream room has a live publisher.' };
  }
  const poor = poorFeed(row.last_fps, row.last_packet_loss);
  if (age === null) return { status: 'offline', reason: 'Never seen: no heartbeat, detection or live stream yet.' };
  if (recent) return poor ? { status: 'degraded', reason: poor } : { status: 'online', reason: `Last seen ${seconds(age)} ago.` };
  if (age <= CAMERA_HEALTH.degradedWithinMs) return { status: 'degraded', reason: `Late: last seen ${seconds(age)} ago.` };
  return { status: 'offline', reason: `Nothing heard for ${seconds(age)}.` };
}
