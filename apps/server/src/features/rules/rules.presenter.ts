import type { Detection } from '@argus/contracts/http/detections';
import type { Rule } from '@argus/contracts/http/rules';
import type { DetectionRow, RuleRow } from './rules.repository';

export function presentRule(row: RuleRow): Rule {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled === 1,
    params: JSON.parse(row.params) as Rule['params'],
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
  };
}

export function presentDetection(row: DetectionRow): Detection {
  return {
    id: row.id,
    cameraId: row.camera_id,
    at: row.at,
    label: row.label,
    score: row.score,
    box: { x: row.box_x, y: row.box_y, w: row.box_w, h: row.box_h },
    frame: { width: row.frame_width, height: row.frame_height },
    location: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
    receivedAt: row.received_at,
  };
}
