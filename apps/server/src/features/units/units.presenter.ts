import type { Unit } from '@argus/contracts/http/units';
import type { UnitWithMembers } from './units.repository';

export function presentUnit(row: UnitWithMembers): Unit {
  const hasFix = row.lat !== null && row.lon !== null && row.position_at !== null;
  return {
    id: row.id,
    callsign: row.callsign,
    kind: row.kind,
    status: row.status,
    members: row.members,
    position: hasFix
      ? {
          location: { lat: row.lat!, lon: row.lon!, ...(row.accuracy !== null ? { accuracy: row.accuracy } : {}) },
          heading: row.heading,
          speed: row.speed,
          at: row.position_at!,
        }
      : null,
    emergency:
      row.emergency_since !== null
        ? {
            since: row.emergency_since,
            raisedBy: row.emergency_by ?? '',
            location: row.emergency_lat !== null && row.emergency_lon !== null ? { lat: row.emergency_lat, lon: row.emergency_lon } : null,
            seen: row.emergency_seen_at !== null ? { by: row.emergency_seen_by ?? '', at: row.emergency_seen_at } : null,
          }
        : null,
    updatedAt: row.updated_at,
  };
}
