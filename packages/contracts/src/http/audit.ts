import { z } from 'zod';
import { Timestamp } from './common';
import { singleLineText } from './text';

/** Every action the audit log records, for filters and for reading the log. */
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
  'basemap.create',
  'basemap.update',
  'basemap.delete',
] as const;

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

export const AuditEvent = z.object({
  seq: z.number().int(),
  at: Timestamp,
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  actor: Person.nullable(),
  subject: Person.nullable(),
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
