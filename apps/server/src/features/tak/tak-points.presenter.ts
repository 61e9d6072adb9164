import type { TakPoint } from '@argus/contracts/http/tak-points';
import type { TakPointView } from './tak-points.repository';

/** What a marker is, by its CoT type, in the words command's map shows. */
export function pointKindOf(cotType: string): string {
  if (cotType === 'b-m-p-s-m') return 'Spot map';
  if (cotType.startsWith('b-m-p-w')) return 'Waypoint';
  if (cotType.startsWith('b-m-p-c')) return 'Checkpoint';
  return 'Point';
}

/** ATAK's signed ARGB as `#rrggbb`: the map draws markers opaque, whatever their alpha. */
export function colourOf(argb: number | null): string | null {
  if (argb === null) return null;
  return `#${((argb >>> 0) & 0xffffff).toString(16).padStart(6, '0')}`;
}

export function presentTakPoint(row: TakPointView): TakPoint {
  return {
    uid: row.uid,
    cotType: row.cot_type,
    what: pointKindOf(row.cot_type),
    callsign: row.callsign,
    remarks: row.remarks,
    location: { lat: row.lat, lon: row.lon },
    colour: colourOf(row.colour_argb),
    iconsetPath: row.iconset_path,
    placedBy: {
      uid: row.placer_uid,
      callsign: row.placer_callsign,
      unit: row.placer_unit_id ? { id: row.placer_unit_id, callsign: row.unit_callsign ?? row.placer_unit_id } : null,
      user: row.placer_user_id && row.user_name ? { id: row.placer_user_id, name: row.user_name } : null,
    },
    placedAt: row.placed_at,
    updatedAt: row.updated_at,
    staleAt: row.stale_at,
  };
}
