import { z } from 'zod';
import { Timestamp } from './common';
import { Location } from './incidents';
import { singleLineText } from './text';

/**
 * TAK devices (ATAK, iTAK, WinTAK) heard on the CoT endpoint, and the Argus unit each is bound to
 * (docs/decisions/0061-tak-cot-endpoint-first-slice.md). An unbound contact is only shown; a bound
 * one moves its unit, writes in its unit's conversation and raises its unit's SOS.
 */

/** A TAK uid as devices send it ("ANDROID-…", a UUID, a callsign): one line, no more than 200 characters. */
export const TakUid = singleLineText({ typeError: 'A TAK uid is text.' })
  .min(1, 'Name the TAK uid.')
  .max(200, 'A TAK uid is at most 200 characters.');

export const TakContact = z.object({
  uid: z.string(),
  callsign: z.string(),
  /** The CoT type of its latest position, e.g. a-f-G-U-C. */
  cotType: z.string(),
  location: Location,
  /** Battery percentage the device reported, when it did. */
  battery: z.number().nullable(),
  lastSeen: Timestamp,
  /** The Argus unit this device speaks for; null: not bound. */
  unit: z.object({ id: z.string(), callsign: z.string() }).nullable(),
});
export type TakContact = z.infer<typeof TakContact>;

export const TakContactListResponse = z.object({ contacts: z.array(TakContact) });
export const TakContactResponse = z.object({ contact: TakContact });
export const TakContactParams = z.object({ uid: TakUid });

/** `PUT /tak/contacts/:uid`: bind the device to a unit, or `null` to unbind it. */
export const BindTakContactRequest = z.object({
  unitId: singleLineText({ typeError: 'unitId is a unit id or null.' }).min(1, 'Choose a unit, or null to unbind.').max(100).nullable(),
});
export type BindTakContactRequest = z.infer<typeof BindTakContactRequest>;

/**
 * A client certificate Argus's certificate authority issued to a TAK device when an Argus user
 * enrolled it (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): bound to that user and
 * their field unit. A revoked one cannot connect, and its open connection is dropped.
 */
export const TakCertificate = z.object({
  id: z.string(),
  serial: z.string(),
  /** SHA-256 of the certificate, hex. */
  fingerprint: z.string(),
  subject: z.string(),
  deviceUid: z.string(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), active: z.boolean() }),
  /** The field unit the device speaks for; null once that unit was deleted. */
  unit: z.object({ id: z.string(), callsign: z.string() }).nullable(),
  issuedAt: Timestamp,
  expiresAt: Timestamp,
  revokedAt: Timestamp.nullable(),
});
export type TakCertificate = z.infer<typeof TakCertificate>;

export const TakCertificateListResponse = z.object({ certificates: z.array(TakCertificate) });
export const TakCertificateResponse = z.object({ certificate: TakCertificate });
export const TakCertificateParams = z.object({
  id: singleLineText({ typeError: 'A certificate id is text.' })
    .min(1, 'Name the certificate.')
    .max(100, 'A certificate id is at most 100 characters.'),
});

/**
 * `POST /tak/enrolments`: an administrator onboards a unit's crew member's TAK device
 * (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md). Argus makes a one-time
 * enrolment token, and hands back the data package and QR code that carry it.
 */
export const CreateTakEnrolmentRequest = z.object({
  unitId: singleLineText({ typeError: 'unitId is a unit id.' }).min(1, 'Choose the unit.').max(100),
  userId: singleLineText({ typeError: 'userId is a user id.' }).min(1, 'Choose the crew member.').max(100),
});
export type CreateTakEnrolmentRequest = z.infer<typeof CreateTakEnrolmentRequest>;

export const TakEnrolment = z.object({
  /** Shown once: the device sends it as its password when it enrols, once, before `expiresAt`. */
  token: z.string(),
  expiresAt: Timestamp,
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  unit: z.object({ id: z.string(), callsign: z.string() }),
  /** Where the device connects: the host and the CoT, enrolment and Marti ports. */
  host: z.string(),
  ports: z.object({ cot: z.number().int(), enrolment: z.number().int(), marti: z.number().int().nullable() }),
  /** ATAK's enrolment link (`tak://com.atakmap.app/enroll?…`), which the QR code holds. */
  link: z.string(),
  /** The QR code of `link`, as an SVG document. */
  qrSvg: z.string(),
  /** The onboarding data package (a zip ATAK imports), base64. */
  dataPackage: z.object({ filename: z.string(), base64: z.string() }),
});
export type TakEnrolment = z.infer<typeof TakEnrolment>;
export const TakEnrolmentResponse = z.object({ enrolment: TakEnrolment });
