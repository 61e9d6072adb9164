import { z } from 'zod';
import { Timestamp } from './common';

/**
 * The operation's home area (docs/decisions/0058-home-area.md): where every map with no subject of
 * its own opens. Administrators set it as a box in Settings › Maps; with none set the server
 * derives it from the extent of units with positions, open incidents and active zones.
 */

/** Web Mercator, the maps' projection, stops short of the poles; a box beyond it cannot be shown. */
export const HOME_AREA_MAX_LATITUDE = 85;

const longitude = (side: string) =>
  z
    .number({ error: `The ${side} edge is a longitude in degrees.` })
    .min(-180, `The ${side} edge is a longitude between −180 and 180 degrees.`)
    .max(180, `The ${side} edge is a longitude between −180 and 180 degrees.`);
const latitude = (side: string) =>
  z
    .number({ error: `The ${side} edge is a latitude in degrees.` })
    .min(
      -HOME_AREA_MAX_LATITUDE,
      `The ${side} edge is a latitude between −${HOME_AREA_MAX_LATITUDE} and ${HOME_AREA_MAX_LATITUDE} degrees.`,
    )
    .max(
      HOME_AREA_MAX_LATITUDE,
      `The ${side} edge is a latitude between −${HOME_AREA_MAX_LATITUDE} and ${HOME_AREA_MAX_LATITUDE} degrees.`,
    );

/** A box in degrees. It does not cross the antimeridian: west is left of east. */
export const HomeAreaBox = z
  .object(
    { west: longitude('west'), south: latitude('south'), east: longitude('east'), north: latitude('north') },
    { error: 'The home area is a box: west, south, east and north in degrees.' },
  )
  .refine((box) => box.west < box.east, { path: ['east'], message: 'The east edge must be east of the west edge.' })
  .refine((box) => box.south < box.north, { path: ['north'], message: 'The north edge must be north of the south edge.' });
export type HomeAreaBox = z.infer<typeof HomeAreaBox>;

/** PUT /map/home-area: the box to open every map on, or null to clear it (the derived extent applies again). */
export const SetHomeAreaRequest = z.object(
  { area: HomeAreaBox.nullable() },
  { error: 'Send the home area as { "area": { west, south, east, north } }, or { "area": null } to clear it.' },
);
export type SetHomeAreaRequest = z.infer<typeof SetHomeAreaRequest>;

/** Where the area came from: an administrator set it, it was derived from what is on the maps, or there is nothing to derive it from. */
export const HOME_AREA_SOURCES = ['set', 'derived', 'none'] as const;

export const HomeAreaResponse = z.object({
  /** null only when the source is "none". */
  area: HomeAreaBox.nullable(),
  source: z.enum(HOME_AREA_SOURCES),
  /** When and by whom the set area was saved; null while none is set. */
  updatedAt: Timestamp.nullable(),
  updatedBy: z.string().nullable(),
});
export type HomeAreaResponse = z.infer<typeof HomeAreaResponse>;
