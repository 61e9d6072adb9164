import { z } from 'zod';
import { INCIDENT_DISPOSITIONS, INCIDENT_SEVERITIES, INCIDENT_STATUSES, THREAT_LEVELS } from '../incidents';
import { Timestamp } from './common';
import { multiLineText, singleLineText } from './text';

/** Locations are {lat, lon} everywhere in the API, with accuracy in metres where known. */
export const Location = z.object({
  lat: z.number({ error: 'lat must be a number.' }).min(-90, 'lat must be between -90 and 90.').max(90, 'lat must be between -90 and 90.'),
  lon: z
    .number({ error: 'lon must be a number.' })
    .min(-180, 'lon must be between -180 and 180.')
    .max(180, 'lon must be between -180 and 180.'),
  accuracy: z.number().nonnegative('accuracy must be 0 or more metres.').max(1_000_000).optional(),
});
export type Location = z.infer<typeof Location>;

const Title = singleLineText().min(1, 'Enter a title.').max(200, 'The title is too long.');
const Category = singleLineText().min(1, 'Enter a category.').max(60, 'The category is too long.');
const Description = multiLineText().max(10_000, 'The description is too long.');

export const CreateIncidentRequest = z.object({
  title: Title,
  category: Category,
  severity: z.enum(INCIDENT_SEVERITIES, { error: 'severity must be low, medium, high or critical.' }),
  location: Location,
  description: Description.default(''),
  source: singleLineText().max(60).optional(),
  /** A training incident: kept out of analytics unless asked for (docs/decisions/0022-exercise-mode.md). */
  exercise: z.boolean({ error: 'exercise must be true or false.' }).optional(),
});
export type CreateIncidentRequest = z.infer<typeof CreateIncidentRequest>;

export const Disposition = z.object({
  code: z.enum(INCIDENT_DISPOSITIONS, { error: `disposition.code must be one of ${INCIDENT_DISPOSITIONS.join(', ')}.` }),
  summary: multiLineText().min(1, 'Write a short summary of how it ended.').max(2_000, 'The summary is too long.'),
  /**
   * What the people who reported it are told, apart from the internal summary
   * (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md); empty or absent: nothing.
   */
  publicNote: multiLineText().max(1_000, 'The note for the public is too long.').optional(),
});
export type Disposition = z.infer<typeof Disposition>;

export const UpdateIncidentRequest = z
  .object({
    title: Title.optional(),
    category: Category.optional(),
    severity: z.enum(INCIDENT_SEVERITIES, { error: 'severity must be low, medium, high or critical.' }).optional(),
    status: z.enum(INCIDENT_STATUSES, { error: 'Unknown status.' }).optional(),
    location: Location.optional(),
    description: Description.optional(),
    threatLevel: z.enum(THREAT_LEVELS, { error: 'threatLevel must be low, elevated, high or critical.' }).optional(),
    /** How it ended: required to resolve, and to close an incident that has none yet. */
    disposition: Disposition.optional(),
    /**
     * The `updatedAt` the editor saw: when the incident changed since, nothing is saved and the
     * answer is 409, so two dispatchers saving at once never silently lose one edit
     * (docs/decisions/0035-incident-management.md).
     */
    expectedUpdatedAt: Timestamp.optional(),
  })
  .refine(({ expectedUpdatedAt: _version, ...changes }) => Object.keys(changes).length > 0, { message: 'Nothing to change.' });
export type UpdateIncidentRequest = z.infer<typeof UpdateIncidentRequest>;

export const Incident = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  category: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  location: Location,
  description: z.string(),
  source: z.string().nullable(),
  /** Set by analysts; null until judged. */
  threatLevel: z.enum(THREAT_LEVELS).nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  createdBy: z.string().nullable(),
  /** Always sent; optional so incidents cached or replayed from before the flag still parse. */
  exercise: z.boolean().optional(),
  /** How it ended, once resolved or closed; optional so incidents cached before migration 0020 still parse. */
  disposition: Disposition.extend({ at: Timestamp, by: z.string().nullable(), publicNote: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type Incident = z.infer<typeof Incident>;

/** A comma-separated list of allowed values, e.g. status=new,triaged. */
export const csv = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `Unknown ${what}.` })).max(values.length));

/** "south,west,north,east" in degrees. */
export const BoundingBox = z
  .string()
  .transform((text) => text.split(',').map(Number))
  .pipe(
    z
      .tuple([z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180)], {
        error: 'bbox must be south,west,north,east in degrees.',
      })
      .refine(([south, , north]) => south <= north, 'bbox south must not be north of its north.'),
  );

export const IncidentListQuery = z.object({
  status: csv(INCIDENT_STATUSES, 'status').optional(),
  severity: csv(INCIDENT_SEVERITIES, 'severity').optional(),
  category: singleLineText().min(1).max(60).optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  bbox: BoundingBox.optional(),
  /** Cursor: incidents created before this one (its `createdAt` and id, as the last page answered). */
  cursor: singleLineText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200, 'At most 200 incidents per page.').default(50),
});
export type IncidentListQuery = z.infer<typeof IncidentListQuery>;

export const IncidentListResponse = z.object({ incidents: z.array(Incident), nextCursor: z.string().nullable() });

export const TimelineEntry = z.object({
  id: z.string(),
  /** When it happened: for a crew's milestone, the time of the tap on the device (docs/decisions/0042-device-time.md). */
  at: Timestamp,
  /** When the server received it, for actions sent from a device; null otherwise. */
  receivedAt: Timestamp.nullable().optional(),
  kind: z.string(),
  actor: z.string().nullable(),
  /** The actor's display name, when the timeline is read (a live frame may come without it). */
  actorName: z.string().nullable().optional(),
  detail: z.record(z.string(), z.unknown()),
});
export const TimelineResponse = z.object({ entries: z.array(TimelineEntry) });

export const IncidentParams = z.object({ id: singleLineText().min(1).max(100) });
