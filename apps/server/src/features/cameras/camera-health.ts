import { CAMERA_HEALTH, type CameraStatus } from '@argus/contracts/http/cameras';
import type { CameraRow } from './cameras.repository';

/** Stream rooms with a live publisher right now; the SFU answers once it is wired in. */
export interface LiveRooms {
  isLive(room: string): boolean;
}

export const NO_LIVE_ROOMS: LiveRooms = { isLive: () => false };

export interface CameraHealth {
  status: CameraStatus;
  reason: string;
}

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.round(s / 60)} min`;
}

/** Low fps or packet loss in the last heartbeat, in words; null when the feed is healthy or unmeasured. */
function poorFeed(row: Pick<CameraRow, 'last_fps' | 'last_packet_loss'>): string | null {
  if (row.last_fps !== null && row.last_fps < CAMERA_HEALTH.minFps) return `Feed at ${row.last_fps.toFixed(1)} fps (below ${CAMERA_HEALTH.minFps}).`;
  if (row.last_packet_loss !== null && row.last_packet_loss > CAMERA_HEALTH.maxPacketLoss) return `Feed losing ${(row.last_packet_loss * 100).toFixed(1)}% of packets.`;
  return null;
}

/**
 * The health rule, applied on every check (every 30 s) and on every heartbeat:
 * - online: its stream room has a live publisher, or a heartbeat or detection came within 60 s,
 *   and the last measurements were healthy (at least 5 fps, at most 5% packet loss);
 * - degraded: live but the last measurements were poor, or the last heartbeat is 60 s to 3 min old (late);
 * - offline: deactivated, never seen, or nothing for 3 minutes.
 */
export function cameraHealth(row: CameraRow, now: number, rooms: LiveRooms): CameraHealth {
  if (!row.active) return { status: 'offline', reason: 'Deactivated.' };
  const poor = poorFeed(row);
  const age = row.last_seen_at === null ? null : Math.max(0, now - row.last_seen_at);
  const recent = age !== null && age <= CAMERA_HEALTH.onlineWithinMs;
  if (row.room !== null && rooms.isLive(row.room)) {
    return poor && recent ? { status: 'degraded', reason: poor } : { status: 'online', reason: 'Its stream room has a live publisher.' };
  }
  if (age === null) return { status: 'offline', reason: 'Never seen: no heartbeat, detection or live stream yet.' };
  if (recent) return poor ? { status: 'degraded', reason: poor } : { status: 'online', reason: `Last seen ${seconds(age)} ago.` };
  if (age <= CAMERA_HEALTH.degradedWithinMs) return { status: 'degraded', reason: `Late: last seen ${seconds(age)} ago.` };
  return { status: 'offline', reason: `Nothing heard for ${seconds(age)}.` };
}
