import { DetectionSettings, type Camera } from '@argus/contracts/http/cameras';
import type { CameraRow } from './cameras.repository';

export function presentCamera(row: CameraRow): Camera {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    location: { lat: row.lat, lon: row.lon },
    heading: row.heading,
    fov: row.fov,
    rangeM: row.range_m,
    room: row.room,
    streamUrl: row.stream_url,
    status: row.status,
    statusReason: row.status_reason,
    lastSeenAt: row.last_seen_at,
    lastFps: row.last_fps,
    lastPacketLoss: row.last_packet_loss,
    notes: row.notes,
    detection: DetectionSettings.parse(JSON.parse(row.detection)),
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
