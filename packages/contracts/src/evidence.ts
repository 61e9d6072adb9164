/** Evidence items and their chain of custody (docs/decisions/0011-what-each-page-does.md, docs/decisions/0012-core-entities.md, docs/decisions/0014-one-incident-timeline.md). */
export const EVIDENCE_KINDS = ['photo', 'video', 'audio', 'document'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export const EVIDENCE_STATUSES = ['pending_review', 'accepted', 'rejected'] as const;
export type EvidenceStatus = (typeof EVIDENCE_STATUSES)[number];

export const EVIDENCE_SOURCES = ['field_report', 'civic_report', 'upload', 'recording'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

/** What happens to an item, each one a link in its custody chain. */
export const CUSTODY_ACTIONS = ['ingested', 'viewed', 'downloaded', 'linked', 'status_changed', 'exported'] as const;
export type CustodyAction = (typeof CUSTODY_ACTIONS)[number];

/** Types an evidence file may be, checked against its bytes (never its name or header), by kind. */
export const EVIDENCE_TYPES = {
  photo: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/avif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska'],
  audio: [
    'audio/mpeg',
    'audio/ogg',
    'audio/wav',
    'audio/x-wav',
    'audio/mp4',
    'audio/x-m4a',
    'audio/aac',
    'audio/flac',
    'audio/webm',
    'audio/opus',
  ],
  document: ['application/pdf', 'text/plain'],
} as const satisfies Record<EvidenceKind, readonly string[]>;

/** The kind an accepted type belongs to, or null when the type is not accepted. */
export function evidenceKindOf(mime: string): EvidenceKind | null {
  for (const kind of EVIDENCE_KINDS) if ((EVIDENCE_TYPES[kind] as readonly string[]).includes(mime)) return kind;
  return null;
}

/** The largest evidence upload: long enough for a body-camera clip, small enough for one disk. */
export const EVIDENCE_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** Readable sizes for error messages and the page. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
