import { z } from 'zod';
import { PUBLIC_STAGES } from '../civic-status';
import { REPORT_KINDS, REPORT_STATUSES } from '../reports';
import { Timestamp } from './common';
import { OccurredAt } from './device-time';
import { INCIDENT_SEVERITIES } from '../incidents';
import { BoundingBox, Location, csv } from './incidents';
import { ClientId } from './units';
import { multiLineText, singleLineText } from './text';

export const CreateReportRequest = z.object({
  clientId: ClientId,
  kind: z.enum(REPORT_KINDS, { error: 'kind must be civic or field.' }),
  category: singleLineText().min(1, 'Choose a category.').max(60, 'The category is too long.'),
  description: multiLineText().min(1, 'Describe what you see.').max(5000, 'The description is too long.'),
  location: Location,
  occurredAt: OccurredAt.optional(),
});
export type CreateReportRequest = z.infer<typeof CreateReportRequest>;

/** A photo attached to a report: stored as a file, checked by content, named by its SHA-256. */
export const ReportPhoto = z.object({
  id: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** When it was taken on the device (docs/decisions/0042-device-time.md); null for older photos. */
  occurredAt: Timestamp.nullable().optional(),
});
export type ReportPhoto = z.infer<typeof ReportPhoto>;

/** Image types a photo may be (checked against the bytes, not the header), and the largest size. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The short, renewable triage lock an analyst holds while a report is open (docs/decisions/0017-triage-lock.md). */
export const ReportLock = z.object({ holderId: z.string(), holderName: z.string(), expiresAt: Timestamp });
export type ReportLock = z.infer<typeof ReportLock>;
export const REPORT_LOCK_MS = 2 * 60_000;

export const Report = z.object({
  id: z.string(),
  trackingCode: z.string(),
  kind: z.enum(REPORT_KINDS),
  category: z.string(),
  description: z.string(),
  location: Location,
  status: z.enum(REPORT_STATUSES),
  /** The plain status the reporter sees (publicReportStatus in civic-status.ts). */
  statusText: z.string(),
  publicStage: z.enum(PUBLIC_STAGES),
  /** Why it closed, as the reporter is told: the rejection reason or command's public outcome note. */
  outcome: z.string().nullable(),
  /** Null for a report filed anonymously on the civic site. */
  reporterId: z.string().nullable(),
  incidentId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  photos: z.array(ReportPhoto),
  /** Who is triaging it right now (triage roles only; null for the reporter). */
  lock: ReportLock.nullable(),
  createdAt: Timestamp,
  /** When it was made on the device, when that was before it arrived (docs/decisions/0042-device-time.md); null for older reports. */
  occurredAt: Timestamp.nullable().optional(),
  updatedAt: Timestamp,
});
export type Report = z.infer<typeof Report>;

export const ReportResponse = z.object({ report: Report });
export const ReportParams = z.object({ id: singleLineText().min(1).max(100) });
export const RejectReportRequest = z.object({
  reason: multiLineText().min(1, 'Say why the report is rejected.').max(500, 'The reason is too long.'),
});
export const MergeReportRequest = z.object({ incidentId: singleLineText().min(1, 'Choose the incident to merge into.').max(100) });
export const ReportListQuery = z.object({
  status: csv(REPORT_STATUSES, 'status').optional(),
  kind: z.enum(REPORT_KINDS, { error: 'kind must be civic or field.' }).optional(),
  category: singleLineText().min(1).max(60).optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  bbox: BoundingBox.optional(),
  /** Cursor: reports filed before this one, as the last page answered. */
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200, 'At most 200 reports per page.').default(50),
});
export const ReportListResponse = z.object({ reports: z.array(Report), nextCursor: z.string().nullable() });

/** PUT /reports/:id/photos/:photoId — the photo id is a UUID made on the device, so a retried upload stores it once. */
export const ReportPhotoParams = z.object({
  id: singleLineText().min(1).max(100),
  photoId: z.uuid({ error: 'photoId must be a UUID made on the device.' }),
});
export const ReportPhotoResponse = z.object({ photo: ReportPhoto });
/** The photo's bytes are the body, so its time on the device travels in the query. */
export const ReportPhotoQuery = z.object({ occurredAt: OccurredAt.optional() });

/** Verify: open a new incident from the report, or attach it to an existing one. */
export const VerifyReportRequest = z
  .object({
    incidentId: singleLineText().min(1).max(100).optional(),
    /** For a new incident: its title and severity (category and location come from the report). */
    title: singleLineText().min(1, 'Enter a title.').max(200, 'The title is too long.').optional(),
    severity: z.enum(INCIDENT_SEVERITIES, { error: 'severity must be low, medium, high or critical.' }).optional(),
  })
  // A bodyless POST (verify into a new incident with the defaults) arrives as null.
  .nullable()
  .transform((body) => body ?? {});

export const BreakLockQuery = z.object({
  force: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/**
 * Reports and incidents near one report. Reports are suggested as duplicates only when place, time
 * and words together score at least the threshold (docs/decisions/0037-duplicate-suggestions.md),
 * each with why: how far, how long apart, the words they share and whether the category is the same.
 */
export const NearbyResponse = z.object({
  reports: z.array(
    z.object({
      report: Report,
      distanceM: z.number(),
      minutesApart: z.number(),
      /** Shared words over all words of the two descriptions, 0 to 1. */
      similarity: z.number(),
      /** The combined evidence, 0 to 1; only those at or above the threshold are listed. */
      score: z.number(),
      sharedWords: z.array(z.string()),
      sameCategory: z.boolean(),
    }),
  ),
  incidents: z.array(
    z.object({
      incident: z.object({
        id: z.string(),
        reference: z.string(),
        title: z.string(),
        severity: z.string(),
        status: z.string(),
        location: Location,
      }),
      distanceM: z.number(),
    }),
  ),
});

/**
 * The secret of a private follow link, made on the device with the report so a retry sends the same
 * one: 32 random bytes or more in base64url. The server keeps only its SHA-256
 * (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 */
export const FollowToken = z
  .string({ error: 'The follow link is not valid.' })
  .regex(/^[A-Za-z0-9_-]{43,128}$/, 'The follow link is not valid.');
/** The header that carries the follow token, so it never appears in an address or a log line. */
export const FOLLOW_TOKEN_HEADER = 'X-Follow-Token';

/** POST /public/reports — a civic report from someone without an account, followed through its private link. */
export const CreateAnonymousReportRequest = CreateReportRequest.extend({
  kind: z.literal('civic', { error: 'Reports without an account are civic reports.' }),
  followToken: FollowToken,
});
export type CreateAnonymousReportRequest = z.infer<typeof CreateAnonymousReportRequest>;

/** All that a follow link shows: the report's public status and outcome, never its place or who sent it. */
export const FollowedReport = z.object({
  id: z.string(),
  trackingCode: z.string(),
  category: z.string(),
  publicStage: z.enum(PUBLIC_STAGES),
  statusText: z.string(),
  outcome: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type FollowedReport = z.infer<typeof FollowedReport>;
export const FollowedReportResponse = z.object({ report: FollowedReport });
