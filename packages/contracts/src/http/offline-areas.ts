import { z } from 'zod';
import { Timestamp } from './common';
import { singleLineText } from './text';

/**
 * A map area command asks a unit's phone to keep for use with no signal
 * (docs/decisions/0057-offline-areas-sent-by-command.md). Command chooses the basemap and the box;
 * the phone saves the tiles itself when it next has a connection, since tiles only help where they
 * are stored.
 */

/** The widest box command may send, in degrees of longitude or latitude (about 55 km): a district, not a country. */
export const OFFLINE_AREA_MAX_SPAN_DEGREES = 0.5;

/** [west, south, east, north] in degrees, as the phone's offline areas keep it. */
export const OfflineAreaBox = z
  .tuple([z.number().min(-180).max(180), z.number().min(-85).max(85), z.number().min(-180).max(180), z.number().min(-85).max(85)], {
    error: 'The box must be [west, south, east, north] in degrees.',
  })
  .refine(
    ([west, south, east, north]) => west < east && south < north,
    'The box’s west must be left of its east and its south below its north.',
  )
  .refine(
    ([west, south, east, north]) => east - west <= OFFLINE_AREA_MAX_SPAN_DEGREES && north - south <= OFFLINE_AREA_MAX_SPAN_DEGREES,
    `The box is too big for a phone: at most ${OFFLINE_AREA_MAX_SPAN_DEGREES}° (about 55 km) on each side.`,
  );
export type OfflineAreaBox = z.infer<typeof OfflineAreaBox>;

export const SendOfflineAreaRequest = z.object({
  basemapId: singleLineText().min(1, 'Choose a street map.').max(100),
  label: singleLineText().min(1, 'Name the area.').max(80, 'The area’s name is too long.'),
  box: OfflineAreaBox,
});
export type SendOfflineAreaRequest = z.infer<typeof SendOfflineAreaRequest>;

export const SentOfflineArea = z.object({
  id: z.string(),
  unitId: z.string(),
  basemapId: z.string(),
  label: z.string(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  sentBy: z.object({ id: z.string().nullable(), name: z.string() }),
  sentAt: Timestamp,
});
export type SentOfflineArea = z.infer<typeof SentOfflineArea>;

export const SentOfflineAreaResponse = z.object({ area: SentOfflineArea });
export const SentOfflineAreaListResponse = z.object({ areas: z.array(SentOfflineArea) });
export const SentOfflineAreaParams = z.object({ id: singleLineText().min(1).max(100), areaId: singleLineText().min(1).max(100) });
/** data of offline-area.withdrawn: which area the phone may now delete. */
export const WithdrawnOfflineArea = z.object({ id: z.string(), unitId: z.string() });

/** The most areas one unit may be sent at once: each is up to 50 MB on the phone. */
export const SENT_OFFLINE_AREAS_PER_UNIT = 5;
