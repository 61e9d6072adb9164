/**
 * Names of the symbol images the map draws for itself (images.ts); overlays refer to them. Unit
 * and incident symbols are named by unit-symbols.ts and incident-symbols.ts.
 */
export const alertImage = (severity: string) => `argus-alert-${severity}`;
export const REPORT_IMAGE = 'argus-report';
export const HEADING_IMAGE = 'argus-heading';
