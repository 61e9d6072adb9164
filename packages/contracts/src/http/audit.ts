import { z } from 'zod';
import { Timestamp } from './common';
import { singleLineText } from './text';

/** Every action the audit log records, for filters and for reading the log; `AuditLog.append` takes only these. */
export const AUDIT_ACTIONS = [
  'auth.login_success',
  'auth.login_failure',
  'auth.login_locked',
  'auth.login_inactive',
  'auth.logout',
  'auth.switch',
  'auth.switch_back',
  'auth.refresh_reuse',
  'auth.oauth_refused',
  'auth.identity_linked',
  'auth.identity_unlinked',
  'mfa.enrol_started',
  'mfa.enrol',
  'mfa.verify',
  'mfa.verify_failure',
  'mfa.unenrol',
  'mfa.recovery_codes_created',
  'user.create',
  /** Someone tried to register the address of this existing account; nothing was changed. */
  'user.register_attempt',
  'user.role_change',
  'user.activate',
  'user.deactivate',
  'user.password_change',
  'device.create',
  'device.enrol',
  'device.revoke',
  'tak_contact.bind',
  'tak_contact.unbind',
  'tak_certificate.issue',
  'tak_certificate.revoke',
  'tak_certificate.refused',
  'tak_enrolment.create',
  'evidence.viewed',
  'evidence.exported',
  'offline_area.send',
  'offline_area.withdraw',
  'basemap.create',
  'basemap.update',
  'basemap.delete',
  'home_area.update',
  'home_area.clear',
  'unit_symbols.update',
  'dispatch_capabilities.update',
  'stream_settings.update',
  'civic_settings.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Each action in a person's words, for the log and its filter: people read labels, not internal codes. The code
 * itself stays visible beside the label, smaller, because auditors search by it.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login_success': 'Signed in',
  'auth.login_failure': 'Sign-in failed',
  'auth.login_locked': 'Sign-in refused: account locked',
  'auth.login_inactive': 'Sign-in refused: account deactivated',
  'auth.logout': 'Signed out',
  'auth.switch': 'Switched to another user',
  'auth.switch_back': 'Switched back',
  'auth.refresh_reuse': 'Device token used twice: session ended',
  'auth.oauth_refused': 'Provider sign-in refused',
  'auth.identity_linked': 'Provider sign-in linked',
  'auth.identity_unlinked': 'Provider sign-in unlinked',
  'mfa.enrol_started': 'Second factor enrolment started',
  'mfa.enrol': 'Second factor enrolled',
  'mfa.verify': 'Second factor verified',
  'mfa.verify_failure': 'Second factor code refused',
  'mfa.unenrol': 'Second factor removed',
  'mfa.recovery_codes_created': 'Recovery codes created',
  'user.create': 'User created',
  'user.register_attempt': 'Registration tried with an existing address',
  'user.role_change': 'Role changed',
  'user.activate': 'User activated',
  'user.deactivate': 'User deactivated',
  'user.password_change': 'Password changed',
  'device.create': 'Device added',
  'device.enrol': 'Device enrolled',
  'device.revoke': 'Device revoked',
  'tak_contact.bind': 'TAK device tied to a unit',
  'tak_contact.unbind': 'TAK device untied from its unit',
  'tak_certificate.issue': 'TAK certificate issued',
  'tak_certificate.revoke': 'TAK certificate revoked',
  'tak_certificate.refused': 'TAK certificate refused',
  'tak_enrolment.create': 'TAK enrolment token made',
  'evidence.viewed': 'Evidence viewed',
  'evidence.exported': 'Evidence exported',
  'offline_area.send': 'Offline map area sent to a unit',
  'offline_area.withdraw': 'Offline map area withdrawn',
  'basemap.create': 'Basemap added',
  'basemap.update': 'Basemap changed',
  'basemap.delete': 'Basemap deleted',
  'home_area.update': 'Home area set',
  'home_area.clear': 'Home area cleared',
  'unit_symbols.update': 'Unit symbols changed',
  'dispatch_capabilities.update': 'Dispatch capabilities changed',
  'stream_settings.update': 'Stream settings changed',
  'civic_settings.update': 'Civic reporting settings changed',
};

export const isAuditAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

/** The label of an action, or the code itself for one this version does not know (an entry written by another version). */
export const auditActionLabel = (action: string): string => (isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action);

const optionalId = singleLineText().min(1).max(100).optional();

export const AuditListQuery = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown audit action.' }).optional(),
  actor: optionalId,
  subject: optionalId,
  from: z.coerce.number({ error: 'from must be a time in epoch milliseconds.' }).int().nonnegative().optional(),
  to: z.coerce.number({ error: 'to must be a time in epoch milliseconds.' }).int().nonnegative().optional(),
  /** Text the target contains (an email, an id). */
  q: singleLineText().max(200, 'The search text is too long.').optional(),
  /** Cursor: entries older than this sequence number. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200, 'At most 200 entries per page.').default(50),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

const Person = z.object({ id: z.string(), email: z.string(), full_name: z.string() });
export type AuditPerson = z.infer<typeof Person>;

export const AuditEvent = z.object({
  seq: z.number().int(),
  at: Timestamp,
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  actor: Person.nullable(),
  subject: Person.nullable(),
  /** The user the target names, when it is a user's id, so the log can show who rather than an id. */
  targetUser: Person.nullable(),
  detail: z.record(z.string(), z.unknown()),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditListResponse = z.object({ events: z.array(AuditEvent), nextBefore: z.number().int().nullable() });
export type AuditListResponse = z.infer<typeof AuditListResponse>;

export const AuditVerifyResponse = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  brokenAt: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponse>;

/**
 * The audit chain's head, signed with the server's audit key (`npm run cli -- audit head`), for the
 * operator to keep away from the machine; `audit verify --head <file>` checks the chain still holds it.
 */
export const AuditSignedHead = z.object({
  format: z.literal('argus-audit-head/1', { error: 'format must be "argus-audit-head/1".' }),
  /** The entry's position in the chain, which is also how many entries it had. */
  seq: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'hash must be 64 lower-case hex digits.'),
  at: Timestamp,
  keyId: z.string().min(1),
  signature: z.string().min(1),
  /** The Ed25519 public key as base64 SPKI DER, so the head can be checked without the server. */
  publicKey: z.string().min(1),
});
export type AuditSignedHead = z.infer<typeof AuditSignedHead>;
