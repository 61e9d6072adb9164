/**
 * The reads the field page's first screen waits on, started by the field site's HTML before any
 * script has arrived and handed to the app once (docs/decisions/0063-the-field-page-first-reads-start-from-its-html.md).
 */

/** Where the page's inline script leaves the answers it asked for, by path. */
export const FIRST_READS_GLOBAL = '__argusFirstReads';

/** The session check, the crew's unit and its assignment: what the status buttons wait on. */
export const FIELD_FIRST_READS = ['/auth/me', '/units', '/dispatches?active=true'] as const;
