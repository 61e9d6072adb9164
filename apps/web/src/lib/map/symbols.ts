/**
 * Names of the images the map draws for itself (images.ts); overlays refer to them. The symbols
 * of units, incidents, cameras, alerts and reports are named by their *-symbols.ts modules.
 */
export const HEADING_IMAGE = 'argus-heading';
/** The heading arrow's width and height in CSS pixels. */
export const HEADING_IMAGE_SIZE = 16;
