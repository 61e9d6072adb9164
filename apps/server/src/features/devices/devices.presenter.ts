import type { Device } from '@argus/contracts/http/devices';
import type { DeviceWithUnit } from './devices.repository';

export function presentDevice(row: DeviceWithUnit, now: number): Device {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    role: row.role,
    unitId: row.unit_id,
    unitCallsign: row.unit_callsign,
    state:
      row.revoked_at !== null
        ? 'revoked'
        : row.enrolled_at !== null
          ? 'active'
          : row.enrolment_expires_at <= now
            ? 'enrolment_expired'
            : 'awaiting_enrolment',
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    enrolmentExpiresAt: row.enrolment_expires_at,
    enrolledAt: row.enrolled_at,
    revokedAt: row.revoked_at,
  };
}
