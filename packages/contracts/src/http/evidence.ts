import { z } from 'zod';
import { CUSTODY_ACTIONS, EVIDENCE_KINDS, EVIDENCE_SOURCES, EVIDENCE_STATUSES } from '../evidence';
import { Timestamp } from './common';
import { csv } from './incidents';
import { multiLineText, singleLineText } from './text';

export const EvidenceLocation = z.object({ lat: z.number(), lon: z.number() });

export const EvidenceItem = z.object({
  id: z.string(),
  incidentId: z.string().nullable(),
  kind: z.enum(EVIDENCE_KINDS),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  status: z.enum(EVIDENCE_STATUSES),
  statusReason: z.string().nullable(),
  source: z.enum(EVIDENCE_SOURCES),
  capturedBy: z.string().nullable(),
  capturedByName: z.string().nullable(),
  capturedAt: Timestamp.nullable(),
  capturedWhere: EvidenceLocation.nullable(),
  /** A derived copy (thumbnail, redacted) names the original by id and hash. */
  derivedFromId: z.string().nullable(),
  derivedFromSha256: z.string().nullable(),
  derivation: z.string().nullable(),
  createdAt: Timestamp,
});
export type EvidenceItem = z.infer<typeof EvidenceItem>;

export const CustodyEntry = z.object({
  seq: z.number().int(),
  action: z.enum(CUSTODY_ACTIONS),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  at: Timestamp,
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type CustodyEntry = z.infer<typeof CustodyEntry>;

/**
 * data of the realtime event evidence.custody, on the "evidence" channel: an entry was appended
 * to an item's chain by a view, download or export (a review or link is evidence.updated).
 */
export const EvidenceCustodyEvent = z.object({ itemId: z.string(), seq: z.number().int(), action: z.enum(CUSTODY_ACTIONS), at: Timestamp });
export type EvidenceCustodyEvent = z.infer<typeof EvidenceCustodyEvent>;

export const EvidenceVerification = z.object({
  itemId: z.string(),
  fileIntact: z.boolean(),
  chainIntact: z.boolean(),
  verified: z.boolean(),
  entries: z.number().int(),
  problems: z.array(z.string()),
  checkedAt: Timestamp,
});
export type EvidenceVerification = z.infer<typeof EvidenceVerification>;

export const EvidenceParams = z.object({ id: singleLineText().min(1).max(100) });
export const EvidenceListQuery = z.object({
  incidentId: singleLineText().min(1).max(100).optional(),
  kind: z.enum(EVIDENCE_KINDS, { error: 'kind must be photo, video, audio or document.' }).optional(),
  status: csv(EVIDENCE_STATUSES, 'status').optional(),
  capturedBy: singleLineText().min(1).max(100).optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200, 'At most 200 items per page.').default(50),
});
export type EvidenceListQuery = z.infer<typeof EvidenceListQuery>;
export const EvidenceListResponse = z.object({ items: z.array(EvidenceItem), nextCursor: z.string().nullable() });
export const EvidenceResponse = z.object({ item: EvidenceItem });
export const CustodyResponse = z.object({ entries: z.array(CustodyEntry) });
export const VerificationResponse = z.object({ verification: EvidenceVerification });

/** POST /evidence: the raw file is the body; its name and incident ride in the query. */
export const UploadEvidenceQuery = z.object({
  filename: singleLineText().min(1, 'Name the file.').max(255, 'The file name is too long.'),
  incidentId: singleLineText().min(1).max(100).optional(),
});

export const ReviewEvidenceRequest = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'status must be accepted or rejected.' }),
  reason: multiLineText().max(500, 'The reason is too long.').optional(),
});
export const LinkEvidenceRequest = z.object({ incidentId: singleLineText().min(1, 'Choose an incident.').max(100) });
export const ExportEvidenceRequest = z.object({
  itemIds: z
    .array(singleLineText().min(1).max(100))
    .min(1, 'Choose at least one item to export.')
    .max(500, 'Export at most 500 items at once.'),
});
