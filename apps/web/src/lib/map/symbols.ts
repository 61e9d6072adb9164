/** Names of the symbol images the map draws for itself (images.ts); overlays refer to them. */
export const incidentImage = (severity: string) => `argus-incident-${severity}`;
export const alertImage = (severity: string) => `argus-alert-${severity}`;
export const REPORT_IMAGE = 'argus-report';
export const HEADING_IMAGE = 'argus-heading';
