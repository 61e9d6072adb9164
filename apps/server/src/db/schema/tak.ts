/** TAK devices: contacts, items and points they put on the map, certificates, enrolment tokens and data packages. Row conventions: ../schema.ts. */

/** A TAK device heard on the CoT endpoint (docs/decisions/0061-tak-cot-endpoint-first-slice.md). */
export interface TakContactsTable {
  uid: string;
  callsign: string;
  /** The Argus unit an administrator bound this uid to; null: shown as an unbound contact. */
  unit_id: string | null;
  cot_type: string;
  lat: number;
  lon: number;
  battery: number | null;
  /** The latest SA event as received, replayed to devices that connect. */
  last_sa: string;
  last_seen: number;
}

/** A drawing or video feed a TAK device put on the map, taken in as a zone or camera (docs/decisions/0068-tak-items-from-devices.md). */
export interface TakItemsTable {
  uid: string;
  kind: 'drawing' | 'video';
  zone_id: string | null;
  camera_id: string | null;
  /** The latest event as received, replayed to devices that connect. */
  last_event: string;
  updated_at: number;
}

/** A point a TAK device put on the map (`b-m-p-*`), kept while not stale (docs/decisions/0072-tak-map-points.md). */
export interface TakPointsTable {
  uid: string;
  cot_type: string;
  callsign: string;
  remarks: string;
  lat: number;
  lon: number;
  /** ATAK's colour, a signed 32-bit ARGB. */
  colour_argb: number | null;
  iconset_path: string | null;
  /** The device that placed it. */
  placer_uid: string;
  /** The Argus user that device spoke for when it placed it, when known. */
  placer_user_id: string | null;
  placer_unit_id: string | null;
  /** 1 when placed over TLS with a certificate: a plain-TCP device never changes it. */
  certified: number;
  /** The latest event as received, replayed to devices that connect. */
  last_event: string;
  placed_at: number;
  updated_at: number;
  stale_at: number;
}

/** A client certificate issued to a TAK device (docs/decisions/0062-tak-tls-enrolment-and-revocation.md). */
export interface TakCertificatesTable {
  id: string;
  /** The certificate's serial number, hex. */
  serial: string;
  /** SHA-256 of the certificate's DER, hex: what a TLS connection is looked up by. */
  fingerprint: string;
  user_id: string;
  /** The field unit the device speaks for; null once that unit was deleted (then it cannot connect). */
  unit_id: string | null;
  /** The TAK uid the device enrolled with (ATAK's clientUid); its events must carry it. */
  device_uid: string;
  subject: string;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
  /** The assurance the device acts at: aal2 when enrolled with an administrator's token, aal1 by password (migration 0040). */
  aal: 'aal1' | 'aal2';
}

/** A one-time enrolment token an administrator made for a unit's crew member (migration 0040). */
export interface TakEnrolmentTokensTable {
  id: string;
  /** SHA-256 of the token, hex: the token itself is shown once and never kept. */
  token_hash: string;
  user_id: string;
  unit_id: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  /** When a device enrolled with it; a used token is refused. */
  used_at: number | null;
}

/** A data package a TAK device shared through the Marti sync API; its bytes are in the file store (migration 0040). */
export interface TakDataPackagesTable {
  /** SHA-256 of the package, hex, as ATAK names it. */
  hash: string;
  file_key: string;
  name: string;
  mime_type: string;
  size: number;
  keywords: string;
  /** ATAK's "tool": `public` once shared with everyone, `private` until then. */
  tool: string;
  creator_uid: string;
  /** The Argus email of the certificate that uploaded it. */
  submitter: string;
  submitted_at: number;
}
