import { BASEMAP_COLOURS } from '../palette';

/**
 * The street basemaps' colours: Argus's dark greys (palette.ts) with roads brightened by their
 * importance, so that the overlays' coloured symbols stay the brightest things on the map while
 * streets and their names remain readable.
 */
export const STREET_COLOURS = {
  water: '#17324d',
  waterLine: '#1f4566',
  residential: '#272a30',
  industrial: '#2b2a31',
  green: '#1f2b24',
  wood: '#1c2821',
  building: '#30343b',
  buildingOutline: '#3b4048',
  casing: BASEMAP_COLOURS.halo,
  motorway: '#a88a45',
  major: '#867453',
  minor: '#5d636d',
  service: '#484d55',
  path: '#5a5f68',
  rail: '#5a5f68',
  boundary: BASEMAP_COLOURS.border,
  aeroway: '#3a3f47',
  label: BASEMAP_COLOURS.label,
  streetLabel: '#c9ccd1',
  minorLabel: '#a2a7ae',
  waterLabel: '#7fa8cc',
  halo: BASEMAP_COLOURS.halo,
  generic: '#5d636d',
} as const;
