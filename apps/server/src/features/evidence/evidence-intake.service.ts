import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatBytes, type EvidenceSource } from '@argus/contracts/evidence';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { FileTooLargeError, type FileStore } from '../../lib/file-store';
import type { DurableEvents } from '../../realtime/durable-events';
import type { FieldScopeRepository } from '../../realtime/field-scope.repository';
import type { AuditContext } from '../audit/audit.log';
import type { UserRow } from '../users/users.repository';
import { ingestFacts } from './custody-chain';
import type { CustodyLog } from './custody-log';
import { mayFileUnder } from './evidence-access';
import { evidenceEvents } from './evidence.events';
import { GENESIS_HASH, type EvidenceRepository, type EvidenceRow, type EvidenceView } from './evidence.repository';
import { stripPhotoMetadata } from './redact';
import { photoMetadata, sniffEvidenceType } from './sniff';

/** What is known about a file besides its bytes when it arrives. */
export interface IngestMeta {
  filename: string;
  source: EvidenceSource;
  capturedBy: string | null;
  incidentId?: string | null;
  /** Set by features that hand files over (a report photo), so a retry adopts it once. */
  sourceRef?: string | null;
  capturedAt?: number | null;
  capturedWhere?: { lat: number; lon: number } | null;
  /** Announced size (Content-Length), refused at once when over the limit. */
  declaredSize?: number | null;
}

const NO_SUCH_INCIDENT = 'No such incident to file the evidence under.';

const ALLOWED_TYPES_TEXT =
  'JPEG, PNG, WebP, GIF, HEIC or AVIF photos; MP4, WebM, QuickTime or Matroska video; MP3, Ogg, WAV, M4A, AAC, FLAC or WebM audio; PDF or plain-text documents';

/**
 * How files become evidence items: uploads streamed in (sniffed from their first bytes, hashed on
 * the way, kept only when complete and accepted) and report photos adopted as they arrive. Each
 * new item starts its custody chain with an "ingested" entry and is announced once committed.
 */
/** An original item: awaiting review, derived from nothing. */
const ORIGINAL = {
  status: 'pending_review',
  status_reason: null,
  derived_from_id: null,
  derived_from_sha256: null,
  derivation: null,
} as const;

export class EvidenceIntake {
  constructor(
    private readonly evidence: EvidenceRepository,
    private readonly files: FileStore,
    private readonly custody: CustodyLog,
    private readonly clock: Clock,
    private readonly maxBytes: number,
    private readonly events: DurableEvents,
    private readonly fieldScope: Pick<FieldScopeRepository, 'forUser'>,
  ) {}

  /** A file uploaded by a signed-in user: filed under an incident only when the uploader may file there. */
  async upload(
    uploader: UserRow,
    stream: Readable,
    meta: Omit<IngestMeta, 'source' | 'capturedBy'>,
    context: AuditContext,
  ): Promise<EvidenceView> {
    if (meta.incidentId && !(await mayFileUnder(this.evidence, this.fieldScope, uploader, meta.incidentId)))
      throw new AppError('not_found', NO_SUCH_INCIDENT);
    return this.ingest(stream, { ...meta, source: 'upload', capturedBy: uploader.id }, context);
  }

  /** Streams a file in: sniffed from its first bytes, hashed on the way, kept only when complete and accepted. */
  async ingest(stream: Readable, meta: IngestMeta, context: AuditContext): Promise<EvidenceView> {
    if (meta.declaredSize !== undefined && meta.declaredSize !== null && meta.declaredSize > this.maxBytes) {
      stream.resume();
      throw this.tooLarge();
    }
    if (meta.incidentId && !(await this.evidence.incidentExists(meta.incidentId))) throw new AppError('not_found', NO_SUCH_INCIDENT);
    let sniffed: Awaited<ReturnType<typeof sniffEvidenceType>> = null;
    let stored;
    try {
      stored = await this.files.putStream(stream, {
        maxBytes: this.maxBytes,
        inspect: async (head) => {
          if (head.length === 0) throw new AppError('validation_failed', 'The file is empty.');
          sniffed = await sniffEvidenceType(head);
          if (!sniffed)
            throw new AppError('unsupported_media_type', `This type of file is not accepted as evidence. Allowed: ${ALLOWED_TYPES_TEXT}.`);
        },
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof FileTooLargeError) throw this.tooLarge();
      throw new AppError('validation_failed', 'The upload was cut off before it finished; nothing was kept.');
    }
    const type = sniffed as unknown as { mime: string; kind: EvidenceRow['kind'] };
    const exif = type.kind === 'photo' ? await photoMetadata(stored.head) : { at: null, lat: null, lon: null };
    const where = meta.capturedWhere ?? (exif.lat !== null && exif.lon !== null ? { lat: exif.lat, lon: exif.lon } : null);
    return this.record(
      {
        ...this.fresh(),
        ...ORIGINAL,
        incident_id: meta.incidentId ?? null,
        kind: type.kind,
        filename: cleanFilename(meta.filename),
        mime: type.mime,
        size: stored.size,
        sha256: stored.sha256,
        storage_key: stored.key,
        source: meta.source,
        source_ref: meta.sourceRef ?? null,
        captured_by: meta.capturedBy,
        captured_at: meta.capturedAt ?? exif.at,
        captured_lat: where?.lat ?? null,
        captured_lon: where?.lon ?? null,
      },
      context,
    );
  }

  /**
   * A report's photo becomes evidence the moment it arrives (already stored by the report); a civic
   * photo also gets a public copy with its EXIF (GPS included) removed, linked to the original by hash.
   * Idempotent by photo id, so a retried upload adopts it once.
   */
  async adoptReportPhoto(
    photo: { id: string; mime: string; size: number; sha256: string; storage_key: string; created_at: number; occurred_at: number | null },
    report: {
      kind: string;
      reporter_id: string | null;
      created_at: number;
      occurred_at: number | null;
      lat: number;
      lon: number;
      incident_id: string | null;
    },
    bytes: Buffer,
    context: AuditContext,
  ): Promise<EvidenceRow> {
    const sourceRef = `report-photo:${photo.id}`;
    const existing = await this.evidence.findBySourceRef(sourceRef);
    const exif = await photoMetadata(bytes.subarray(0, 128 * 1024));
    const original =
      existing ??
      (await this.record(
        {
          ...this.fresh(),
          ...ORIGINAL,
          incident_id: report.incident_id,
          kind: 'photo',
          filename: `report-photo-${photo.id}.${extensionOf(photo.mime)}`,
          mime: photo.mime,
          size: photo.size,
          sha256: photo.sha256,
          storage_key: photo.storage_key,
          source: report.kind === 'civic' ? 'civic_report' : 'field_report',
          source_ref: sourceRef,
          captured_by: report.reporter_id,
          // Without EXIF, the time the phone took it (docs/decisions/0042-device-time.md), then its report's.
          captured_at: exif.at ?? photo.occurred_at ?? report.occurred_at ?? report.created_at,
          captured_lat: report.lat,
          captured_lon: report.lon,
        },
        context,
      ));
    // The derived copy is built from the stored row alone, not the presented view.
    const row = (await this.evidence.find(original.id))!;
    if (report.kind === 'civic') await this.deriveRedacted(row, bytes, context);
    return row;
  }

  private async deriveRedacted(original: EvidenceRow, bytes: Buffer, context: AuditContext): Promise<void> {
    const sourceRef = `${original.source_ref}:redacted`;
    if (await this.evidence.findBySourceRef(sourceRef)) return;
    const redacted = stripPhotoMetadata(bytes);
    if (!redacted) return;
    const stored = await this.files.put(redacted);
    await this.record(
      {
        ...original,
        ...this.fresh(),
        filename: original.filename.replace(/(\.[a-z0-9]+)?$/i, '-public$1'),
        size: stored.size,
        sha256: stored.sha256,
        storage_key: stored.key,
        source_ref: sourceRef,
        captured_lat: null,
        captured_lon: null,
        derived_from_id: original.id,
        derived_from_sha256: original.sha256,
        derivation: 'metadata_removed',
      },
      context,
    );
  }

  /** What every new item starts with: its own id, the time, and its custody chain at genesis. */
  private fresh() {
    return { id: randomUUID(), created_at: this.clock.now(), custody_seq: 0, custody_head: GENESIS_HASH };
  }

  /** Inserts the item with its "ingested" entry, unless a retry's twin (same source_ref) is already there: then that one is returned. */
  private async record(row: EvidenceRow, context: AuditContext): Promise<EvidenceView> {
    return this.events.transaction(this.evidence, async (trx, pending) => {
      if (!(await this.evidence.insert(trx, row))) {
        // A retry's twin: the process that took it may have died before announcing it.
        const twin = (await this.evidence.findBySourceRef(row.source_ref!, trx))!;
        pending.ensurePublished(evidenceKey(twin.id));
        return (await this.evidence.findViews([twin.id], trx))[0]!;
      }
      const announced = pending.keyed(evidenceKey(row.id));
      await this.custody.appendIn(
        trx,
        row.id,
        'ingested',
        { facts: ingestFacts(row), incidentId: row.incident_id, storageKey: row.storage_key, derivedFromId: row.derived_from_id },
        context,
      );
      if (row.incident_id) await this.custody.onTimeline(trx, announced, row.incident_id, row, context);
      const view = (await this.evidence.findViews([row.id], trx))[0]!;
      announced.add(evidenceEvents.created(view));
      return view;
    });
  }

  private tooLarge(): AppError {
    return new AppError('payload_too_large', `The file is larger than the ${formatBytes(this.maxBytes)} evidence limit.`);
  }
}

/** What names an item's events in the outbox, so a retried upload finds them. */
const evidenceKey = (id: string) => `evidence:${id}`;

/** Keeps a file name readable and harmless: no folders, no control characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'evidence';
}

function extensionOf(mime: string): string {
  return mime === 'image/jpeg' ? 'jpg' : (mime.split('/')[1] ?? 'bin');
}
