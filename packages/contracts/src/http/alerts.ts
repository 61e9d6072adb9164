import { z } from 'zod';
import { ALERT_SEVERITIES, ALERT_STATUSES, ALERT_TIERS } from '../alerts';
import { Timestamp } from './common';
import { Location, csv } from './incidents';
import { multiLineText, singleLineText } from './text';

/**
 * An event that raised an alert: what (unit, report, detection, zone, …), which, when it happened,
 * and what it was called then (a callsign, a zone's or a person's name), for people to read; alerts
 * raised before names were recorded have none.
 */
export const AlertSource = z.object({ kind: z.string(), id: z.string(), at: Timestamp.optional(), name: z.string().optional() });

/** Event time → ingest → alert → first delivery → acknowledgement (docs/decisions/0020-measured-visible-latency.md). */
export const AlertLatency = z.object({
  eventAt: Timestamp.nullable(),
  ingestedAt: Timestamp.nullable(),
  alertedAt: Timestamp,
  firstDeliveredAt: Timestamp.nullable(),
  acknowledgedAt: Timestamp.nullable(),
});

export const Alert = z.object({
  id: z.string(),
  rule: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  title: z.string(),
  detail: z.string(),
  location: Location.nullable(),
  /** Metres around location that a public alert covers. */
  radiusM: z.number().nullable(),
  /** Public alerts reach civic reporters and every signed-in user near them. */
  public: z.boolean(),
  status: z.enum(ALERT_STATUSES),
  /** The events that raised it (a unit, a report, …). */
  sources: z.array(AlertSource),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: Timestamp.nullable(),
  tier: z.enum(ALERT_TIERS),
  /** How many firings on the same subject merged into this one item. */
  occurrences: z.number().int().positive(),
  zoneId: z.string().nullable(),
  verdict: z.string().nullable(),
  latency: AlertLatency,
});
export type Alert = z.infer<typeof Alert>;

export const AlertResponse = z.object({ alert: Alert });
export const AlertListResponse = z.object({ alerts: z.array(Alert), nextCursor: z.string().nullable() });
/**
 * What the public reads of an alert: what, where and when. Who published or acknowledged it, its
 * sources and its handling stay with staff, since anyone may read public alerts without an account.
 */
export const PublicAlert = Alert.pick({
  id: true,
  severity: true,
  title: true,
  detail: true,
  location: true,
  radiusM: true,
  createdAt: true,
  updatedAt: true,
});
export type PublicAlert = z.infer<typeof PublicAlert>;
/** Public alerts near a point: all that apply, no paging. */
export const PublicAlertListResponse = z.object({ alerts: z.array(PublicAlert) });
export const AlertParams = z.object({ id: singleLineText().min(1).max(100) });

export const AlertListQuery = z.object({
  status: csv(ALERT_STATUSES, 'status').optional(),
  severity: csv(ALERT_SEVERITIES, 'severity').optional(),
  rule: singleLineText().min(1).max(60).optional(),
  tier: csv(ALERT_TIERS, 'tier').optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  /** Cursor: alerts raised before this one, as the last page answered. */
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200, 'At most 200 alerts per page.').default(50),
});

/** Command publishes a public safety alert for an area. */
export const PublishAlertRequest = z.object({
  title: singleLineText().min(1, 'Enter a title.').max(200, 'The title is too long.'),
  detail: multiLineText().max(2000, 'The detail is too long.').default(''),
  severity: z.enum(ALERT_SEVERITIES, { error: `severity must be one of ${ALERT_SEVERITIES.join(', ')}.` }),
  location: Location,
  radiusM: z.number().min(50, 'The area is at least 50 m across.').max(200_000, 'The area is at most 200 km.'),
  /** The incident the notice is about: it names it by reference and appears on its timeline. */
  incidentId: singleLineText().min(1).max(100).optional(),
});

/** Public alerts around a point: where the device is, or the whole list when it is not known. */
export const PublicAlertQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
});

export const DismissAlertRequest = z.object({ verdict: multiLineText().min(1, 'Say why the alert is dismissed.').max(500) });
