import type { TakCertificate, TakContact } from '@argus/contracts/http/tak';
import type { TakCertificateView } from './tak-certificates.repository';
import type { TakContactView } from './tak.repository';

export function presentTakContact(row: TakContactView): TakContact {
  return {
    uid: row.uid,
    callsign: row.callsign,
    cotType: row.cot_type,
    location: { lat: row.lat, lon: row.lon },
    battery: row.battery,
    lastSeen: row.last_seen,
    unit: row.unit_id ? { id: row.unit_id, callsign: row.unit_callsign ?? row.unit_id } : null,
  };
}

/** A certificate issued to a TAK device, with its user and unit; its key never was Argus's to keep. */
export function presentTakCertificate(row: TakCertificateView): TakCertificate {
  return {
    id: row.id,
    serial: row.serial,
    fingerprint: row.fingerprint,
    subject: row.subject,
    deviceUid: row.device_uid,
    user: { id: row.user_id, email: row.user_email, name: row.user_name, active: row.user_active === 1 },
    unit: row.unit_id ? { id: row.unit_id, callsign: row.unit_callsign ?? row.unit_id } : null,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}
