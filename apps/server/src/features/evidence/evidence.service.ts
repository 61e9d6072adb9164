import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { EVIDENCE_MIME_TYPES, formatBytes, type CustodyAction, type EvidenceSource } from '@argus/contracts/evidence';
import type { EvidenceListQuery } from '@argus/contracts/http/evidence';
import { isCommandRole } from '@argus/contracts/roles';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { FileTooLargeError, type FileStore } from '../../lib/file-store';
import { PendingEvents, type EventPublisher } from '../../realtime/events';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { IncidentsService } from '../incidents/incidents.service';
import type { UserRow } from '../users/users.repository';
import { checkChain, custodyHash, ingestFacts } from './custody-chain';
import { GENESIS_HASH, type CustodyView, type EvidenceRepository, type EvidenceRow, type EvidenceView } from './evidence.repository';
import { stripPhotoMetadata } from './redact';
import { photoMetadata, sniffEvidenceType } from './sniff';

/** Command and analysts read and review all evidence; a field unit sees what it captured; civic reporters have no evidence routes. */
export const reviewsEvidence = (user: Pick<UserRow, 'role'>) => isCommandRole(user.role) || user.role === 'Intelligence_Analyst';

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

export interface VerificationResult {
  itemId: string;
  fileIntact: boolean;
  chainIntact: boolean;
  verified: boolean;
  entries: number;
  problems: string[];
  checkedAt: number;
}

const ALLOWED_TYPES_TEXT = 'JPEG, PNG, WebP, GIF, HEIC or AVIF photos; MP4, WebM, QuickTime or Matroska video; MP3, Ogg, WAV, M4A, AAC, FLAC or WebM audio; PDF or plain-text documents';

/**
 * Evidence items and their chain of custody. Files are hashed while they stream to storage and
 * never changed afterwards; every ingest, view, download, link, status change and export is a
 * custody entry chained by hash to the one before it.
 */
export class EvidenceService {
  constructor(
    private readonly evidence: EvidenceRepository,
    private readonly files: FileStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly maxBytes: number,
    private readonly incidents: Pick<IncidentsService, 'recordIn'>,
    private readonly events: EventPublisher,
  ) {}

  /** Streams a file in: sniffed from its first bytes, hashed on the way, kept only when complete and accepted. */
  async ingest(stream: Readable, meta: IngestMeta, context: AuditContext): Promise<EvidenceView> {
    if (meta.declaredSize !== undefined && meta.declaredSize !== null && meta.declaredSize > this.maxBytes) {
      stream.resume();
      throw this.tooLarge();
    }
    if (meta.incidentId && !(await this.evidence.incidentExists(meta.incidentId))) throw new AppError('not_found', 'No such incident to file the evidence under.');
    let sniffed: Awaited<ReturnType<typeof sniffEvidenceType>> = null;
    let stored;
    try {
      stored = await this.files.putStream(stream, {
        maxBytes: this.maxBytes,
        inspect: async (head) => {
          if (head.length === 0) throw new AppError('validation_failed', 'The file is empty.');
          sniffed = await sniffEvidenceType(head);
          if (!sniffed) throw new AppError('unsupported_media_type', `This type of file is not accepted as evidence. Allowed: ${ALLOWED_TYPES_TEXT}.`);
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
        id: randomUUID(),
        incident_id: meta.incidentId ?? null,
        kind: type.kind,
        filename: cleanFilename(meta.filename),
        mime: type.mime,
        size: stored.size,
        sha256: stored.sha256,
        storage_key: stored.key,
        status: 'pending_review',
        status_reason: null,
        source: meta.source,
        source_ref: meta.sourceRef ?? null,
        captured_by: meta.capturedBy,
        captured_at: meta.capturedAt ?? exif.at,
        captured_lat: where?.lat ?? null,
        captured_lon: where?.lon ?? null,
        derived_from_id: null,
        derived_from_sha256: null,
        derivation: null,
        created_at: this.clock.now(),
        custody_seq: 0,
        custody_head: GENESIS_HASH,
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
    photo: { id: string; mime: string; size: number; sha256: string; storage_key: string; created_at: number },
    report: { kind: string; reporter_id: string; created_at: number; lat: number; lon: number; incident_id: string | null },
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
          id: randomUUID(),
          incident_id: report.incident_id,
          kind: 'photo',
          filename: `report-photo-${photo.id}.${extensionOf(photo.mime)}`,
          mime: photo.mime,
          size: photo.size,
          sha256: photo.sha256,
          storage_key: photo.storage_key,
          status: 'pending_review',
          status_reason: null,
          source: report.kind === 'civic' ? 'civic_report' : 'field_report',
          source_ref: sourceRef,
          captured_by: report.reporter_id,
          captured_at: exif.at ?? report.created_at,
          captured_lat: report.lat,
          captured_lon: report.lon,
          derived_from_id: null,
          derived_from_sha256: null,
          derivation: null,
          created_at: this.clock.now(),
          custody_seq: 0,
          custody_head: GENESIS_HASH,
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
        id: randomUUID(),
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
        created_at: this.clock.now(),
        custody_seq: 0,
        custody_head: GENESIS_HASH,
      },
      context,
    );
  }

  async list(viewer: UserRow, query: EvidenceListQuery): Promise<{ items: EvidenceView[]; nextCursor: string | null }> {
    const items = await this.evidence.list({
      capturedBy: reviewsEvidence(viewer) ? query.capturedBy : viewer.id,
      incidentId: query.incidentId,
      kind: query.kind,
      statuses: query.status,
      from: query.from,
      to: query.to,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit,
    });
    return { items, nextCursor: items.length === query.limit ? encodeCursor(items.at(-1)!) : null };
  }

  /** One item; opening it is a "viewed" custody entry and an audit event. */
  async open(viewer: UserRow, id: string, context: AuditContext): Promise<EvidenceView> {
    await this.visible(viewer, id);
    await this.log(id, 'viewed', {}, context);
    await this.audit.append(context, 'evidence.viewed', id, {});
    return (await this.evidence.findViews([id]))[0]!;
  }

  /**
   * The original bytes as a stream, or one byte range of them (players seek in video and audio);
   * every request that hands bytes out is a "downloaded" custody entry naming the range.
   */
  async download(
    viewer: UserRow,
    id: string,
    disposition: 'inline' | 'attachment',
    rangeHeader: string | undefined,
    context: AuditContext,
  ): Promise<{ item: EvidenceRow; stream: Readable; range: ByteRange | null }> {
    const item = await this.visible(viewer, id);
    const range = rangeHeader ? parseRange(rangeHeader, Number(item.size)) : null;
    await this.log(id, 'downloaded', { disposition, ...(range ? { range: `${range.start}-${range.end}` } : {}) }, context);
    return { item, stream: this.files.open(item.storage_key, range ?? undefined), range };
  }

  async review(viewer: UserRow, id: string, status: 'accepted' | 'rejected', reason: string | undefined, context: AuditContext): Promise<EvidenceView> {
    if (status === 'rejected' && !reason) throw new AppError('validation_failed', 'Say why the evidence is rejected.');
    return this.change(viewer, id, context, (item) => {
      if (item.status === status && (item.status_reason ?? null) === (reason ?? null)) return null;
      return { changes: { status, status_reason: reason ?? null }, action: 'status_changed', detail: { from: item.status, to: status, reason: reason ?? null } };
    });
  }

  async link(viewer: UserRow, id: string, incidentId: string, context: AuditContext): Promise<EvidenceView> {
    const pending = new PendingEvents();
    const linked = await this.change(viewer, id, context, async (item, trx) => {
      if (!(await this.evidence.incidentExists(incidentId, trx))) throw new AppError('not_found', 'No such incident to link the evidence to.');
      if (item.incident_id === incidentId) return null;
      await this.onTimeline(trx, pending, incidentId, item, context);
      return { changes: { incident_id: incidentId }, action: 'linked', detail: { from: item.incident_id, incidentId } };
    });
    pending.publishTo(this.events);
    return linked;
  }

  async custody(viewer: UserRow, id: string): Promise<CustodyView[]> {
    await this.visible(viewer, id);
    return this.evidence.custody(id);
  }

  /** Re-hashes the stored file and walks the item's custody chain. */
  async verify(viewer: UserRow, id: string): Promise<VerificationResult> {
    await this.visible(viewer, id);
    return this.verifyItem(id);
  }

  async verifyItem(id: string): Promise<VerificationResult> {
    const item = await this.evidence.find(id);
    if (!item) throw new AppError('not_found', 'No such evidence item.');
    const problems: string[] = [];
    let fileIntact = false;
    try {
      const stored = await this.files.hash(item.storage_key);
      fileIntact = stored.sha256 === item.sha256 && stored.size === Number(item.size);
      if (!fileIntact) problems.push(`the stored file's SHA-256 is ${stored.sha256}, not the ${item.sha256} recorded at ingest`);
    } catch {
      problems.push('the stored file is missing');
    }
    // Entries appended after the item was read belong to a later state of it; the item row and
    // its entries up to its head were committed together.
    const entries = (await this.evidence.custody(id)).filter((entry) => Number(entry.seq) <= Number(item.custody_seq));
    const chainProblems = checkChain(item, entries);
    problems.push(...chainProblems);
    const chainIntact = chainProblems.length === 0;
    return { itemId: id, fileIntact, chainIntact, verified: fileIntact && chainIntact, entries: entries.length, problems, checkedAt: this.clock.now() };
  }

  /** Every item in the store, a page at a time (the CLI's `evidence verify`). */
  async *verifyAll(): AsyncGenerator<VerificationResult> {
    let after = '';
    for (;;) {
      const ids = await this.evidence.idsAfter(after, 200);
      if (ids.length === 0) return;
      for (const id of ids) yield await this.verifyItem(id);
      after = ids.at(-1)!;
    }
  }

  /** Items for an export package: each gets an "exported" entry first, so the package holds its own export in each log. */
  async prepareExport(viewer: UserRow, ids: string[], context: AuditContext): Promise<{ exportId: string; items: EvidenceView[]; custody: Map<string, CustodyView[]>; at: number }> {
    const unique = [...new Set(ids)];
    const items = await this.evidence.findViews(unique);
    const missing = unique.filter((id) => !items.some((item) => item.id === id));
    if (missing.length > 0) throw new AppError('not_found', `No such evidence item: ${missing.slice(0, 3).join(', ')}.`);
    if (!reviewsEvidence(viewer)) throw new AppError('forbidden', 'Only command and analysts export evidence.');
    const exportId = randomUUID();
    for (const item of items) await this.log(item.id, 'exported', { exportId, items: unique.length }, context);
    await this.audit.append(context, 'evidence.exported', exportId, { items: unique });
    const custody = new Map<string, CustodyView[]>();
    for (const item of items) custody.set(item.id, await this.evidence.custody(item.id));
    const ordered = unique.map((id) => items.find((item) => item.id === id)!);
    return { exportId, items: ordered, custody, at: this.clock.now() };
  }

  openFile(item: EvidenceRow): Readable {
    return this.files.open(item.storage_key);
  }

  private tooLarge(): AppError {
    return new AppError('payload_too_large', `The file is larger than the ${formatBytes(this.maxBytes)} evidence limit.`);
  }

  private async visible(viewer: UserRow, id: string): Promise<EvidenceRow> {
    const item = await this.evidence.find(id);
    if (!item || (!reviewsEvidence(viewer) && item.captured_by !== viewer.id)) throw new AppError('not_found', 'No such evidence item.');
    return item;
  }

  private async record(row: EvidenceRow, context: AuditContext): Promise<EvidenceView> {
    const pending = new PendingEvents();
    const inserted = await this.evidence.transaction(async (trx) => {
      if (!(await this.evidence.insert(trx, row))) return false;
      await this.appendIn(trx, row.id, 'ingested', { facts: ingestFacts(row), incidentId: row.incident_id, storageKey: row.storage_key, derivedFromId: row.derived_from_id }, context);
      if (row.incident_id) await this.onTimeline(trx, pending, row.incident_id, row, context);
      return true;
    });
    pending.publishTo(this.events);
    const id = inserted ? row.id : (await this.evidence.findBySourceRef(row.source_ref!))!.id;
    return (await this.evidence.findViews([id]))[0]!;
  }

  private async change(
    viewer: UserRow,
    id: string,
    context: AuditContext,
    decide: (item: EvidenceRow, trx: Transaction<Database>) => Promise<Decision | null> | Decision | null,
  ): Promise<EvidenceView> {
    if (!reviewsEvidence(viewer)) throw new AppError('forbidden', 'Only command and analysts review evidence.');
    await this.evidence.transaction(async (trx) => {
      const item = await this.evidence.find(id, trx);
      if (!item) throw new AppError('not_found', 'No such evidence item.');
      const decision = await decide(item, trx);
      if (!decision) return;
      await this.evidence.update(trx, id, decision.changes);
      await this.appendIn(trx, id, decision.action, decision.detail, context);
    });
    return (await this.evidence.findViews([id]))[0]!;
  }

  /** Evidence linked to an incident appears on the incident's one timeline (DESIGN 3a). */
  private onTimeline(trx: Transaction<Database>, pending: PendingEvents, incidentId: string, item: EvidenceRow, context: AuditContext) {
    return this.incidents.recordIn(trx, pending, incidentId, 'evidence.linked', context.subjectId ?? context.actorId, { itemId: item.id, filename: item.filename, kind: item.kind, sha256: item.sha256 });
  }

  private log(id: string, action: CustodyAction, detail: Record<string, unknown>, context: AuditContext) {
    return this.evidence.transaction((trx) => this.appendIn(trx, id, action, detail, context));
  }

  private appendIn(trx: Transaction<Database>, id: string, action: CustodyAction, detail: Record<string, unknown>, context: AuditContext) {
    // While an administrator is switched to another user, the entry names the user and keeps the administrator.
    const switched = context.actorId && context.subjectId && context.actorId !== context.subjectId ? { switchedFrom: context.actorId } : {};
    const entry = { action, actor_id: context.subjectId ?? context.actorId, at: this.clock.now(), ip: context.ip, detail: JSON.stringify({ ...detail, ...switched }) };
    return this.evidence.appendCustody(trx, id, entry, (prevHash, seq) => custodyHash(prevHash, { ...entry, item_id: id, seq }));
  }
}

export interface ByteRange {
  start: number;
  end: number;
}

/** One "bytes=a-b", "bytes=a-" or "bytes=-n" range; anything else is served whole (null), an unsatisfiable one answers 416. */
export function parseRange(header: string, size: number): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw new AppError('range_not_satisfiable', `The range ${header} is outside the file's ${size} bytes.`);
  return { start, end };
}

interface Decision {
  changes: Partial<Pick<EvidenceRow, 'status' | 'status_reason' | 'incident_id'>>;
  action: CustodyAction;
  detail: Record<string, unknown>;
}

/** Keeps a file name readable and harmless: no folders, no control characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"').join('').trim().slice(0, 200);
  return cleaned || 'evidence';
}

function extensionOf(mime: string): string {
  return mime === 'image/jpeg' ? 'jpg' : (mime.split('/')[1] ?? 'bin');
}

export const ACCEPTED_EVIDENCE_TYPES = EVIDENCE_MIME_TYPES;
