import { z } from 'zod';
import { Timestamp } from './common';

/**
 * A location link for a caller with no app (docs/decisions/0046-caller-location-links.md): command
 * or an analyst makes a one-time link for an incident, the caller opens `/l/<token>` on any phone
 * and shares their position once or live, and it appears on the incident with its accuracy.
 */

/** How long a new link stays open to a caller, in minutes: the default and the bounds the create dialog allows. */
export const CALLER_LINK_MINUTES = { default: 60, min: 5, max: 240 } as const;
/** Live sharing lasts at most this long from the first live position (issue 16, point 10). */
export const CALLER_LIVE_MAX_MINUTES = 30;
/** A link accepts at most one position this often, so a page gone wrong cannot flood the map. */
export const CALLER_POSITION_MIN_INTERVAL_MS = 4_000;
/** The most positions one link accepts: 30 minutes live at one every 5 seconds, with room to spare. */
export const CALLER_POSITION_MAX_COUNT = 400;
/** The worst accuracy accepted, in metres: beyond this a fix does not say where the caller is. */
export const CALLER_MAX_ACCURACY_METRES = 10_000;

/**
 * The caller's own words for each refusal, used by the server's answers and the caller's page: they
 * have no account, no app and maybe no patience left.
 */
export const CALLER_TEXTS = {
  unknown: 'This location link does not work. Check it was copied whole, or ask for a new one.',
  revoked: 'This location link no longer works: it was withdrawn. If you still need help, call again.',
  expired: 'This location link has expired. If you still need help, call again and ask for a new one.',
  elsewhere: 'This location link is already being used on another phone. Ask for a link of your own.',
  liveOver: `Live sharing lasts at most ${CALLER_LIVE_MAX_MINUTES} minutes and has ended. You can still share your location once.`,
  tooOften: 'Your location was shared a moment ago. It is sent again in a few seconds.',
  closed: 'The emergency team has closed this case, so this link no longer works. If you still need help, call again.',
  tooMany: 'This link has shared as many locations as it may. If you still need help, call again.',
} as const;

/** Where a link stands: not yet used, sharing, or no longer usable (and why). */
export const CALLER_LINK_STATES = ['waiting', 'shared', 'live', 'expired', 'revoked'] as const;
export type CallerLinkState = (typeof CALLER_LINK_STATES)[number];

export const CallerLinkParams = z.object({
  id: z.uuid({ error: 'id must be an incident id.' }),
  linkId: z.uuid({ error: 'linkId must be a link id.' }),
});
export const CallerTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This is not a location link.'),
});

export const CreateCallerLinkRequest = z.object({
  expiresInMinutes: z
    .number({ error: 'expiresInMinutes must be a number of minutes.' })
    .int('expiresInMinutes must be whole minutes.')
    .min(CALLER_LINK_MINUTES.min, `A link stays open at least ${CALLER_LINK_MINUTES.min} minutes.`)
    .max(CALLER_LINK_MINUTES.max, `A link stays open at most ${CALLER_LINK_MINUTES.max} minutes.`)
    .default(CALLER_LINK_MINUTES.default),
});
export type CreateCallerLinkRequest = z.infer<typeof CreateCallerLinkRequest>;

export const CallerPosition = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracy: z.number(),
  at: Timestamp,
});
export type CallerPosition = z.infer<typeof CallerPosition>;

/** A link as command and analysts see it; the token itself is shown once, when it is made. */
export const CallerLink = z.object({
  id: z.string(),
  incidentId: z.string(),
  state: z.enum(CALLER_LINK_STATES),
  createdAt: Timestamp,
  createdBy: z.string().nullable(),
  expiresAt: Timestamp,
  revokedAt: Timestamp.nullable(),
  liveUntil: Timestamp.nullable(),
  position: CallerPosition.nullable(),
});
export type CallerLink = z.infer<typeof CallerLink>;

export const CreateCallerLinkResponse = z.object({
  link: CallerLink,
  /** The page the caller opens, on the main host; never stored, only its hash is. */
  path: z.string(),
});
export type CreateCallerLinkResponse = z.infer<typeof CreateCallerLinkResponse>;

export const CallerLinkResponse = z.object({ link: CallerLink });
export const CallerLinkListResponse = z.object({ links: z.array(CallerLink) });
export type CallerLinkListResponse = z.infer<typeof CallerLinkListResponse>;

/** What the caller's page learns: only whether it may share and until when, nothing of the incident. */
export const CallerLinkStatus = z.object({
  state: z.enum(CALLER_LINK_STATES),
  expiresAt: Timestamp,
  liveUntil: Timestamp.nullable(),
  liveMaxMinutes: z.number(),
});
export type CallerLinkStatus = z.infer<typeof CallerLinkStatus>;

export const ShareCallerPositionRequest = z.object({
  lat: z.number({ error: 'lat must be a number.' }).min(-90, 'lat must be between -90 and 90.').max(90, 'lat must be between -90 and 90.'),
  lon: z
    .number({ error: 'lon must be a number.' })
    .min(-180, 'lon must be between -180 and 180.')
    .max(180, 'lon must be between -180 and 180.'),
  accuracy: z
    .number({ error: 'accuracy is required: the phone’s estimate in metres.' })
    .positive('accuracy must be more than 0 metres.')
    .max(CALLER_MAX_ACCURACY_METRES, `This position is too rough (worse than ${CALLER_MAX_ACCURACY_METRES} m) to help.`),
  /** once: this one position; live: keep sharing, for at most CALLER_LIVE_MAX_MINUTES. */
  mode: z.enum(['once', 'live'], { error: 'mode must be once or live.' }),
});
export type ShareCallerPositionRequest = z.infer<typeof ShareCallerPositionRequest>;
