import type { AlertRuleId } from '@argus/contracts/alert-rules';
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AlertSeverity, AlertTier } from '@argus/contracts/alerts';
import type { AlertListQuery, PublishAlertRequest } from '@argus/contracts/http/alerts';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { Clock } from '../../lib/clock';
import { distanceMetres } from '../../lib/geo';
import type { DurableEvents } from '../../realtime/durable-events';
import type { PendingEvents } from '../../realtime/events';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import type { UserRow } from '../users/users.repository';
import { alertEvents } from './alerts.events';
import { OPEN_ALERT_STATUSES, type AlertRow, type AlertsRepository } from './alerts.repository';

export interface RaiseAlert {
  /** Typed so that every rule that raises an alert has a title people read (ALERT_RULE_TITLES). */
  rule: AlertRuleId;
  /** What the alert is about (a unit id, a zone id, …): one open alert per rule and subject. */
  subject: string;
  severity: AlertSeverity;
  title: string;
  detail: string;
  location: { lat: number; lon: number } | null;
  radiusM?: number | null;
  public?: boolean;
  /** 'detection' for camera analytics; 'alert' otherwise. */
  tier?: AlertTier;
  zoneId?: string | null;
  /** When the raising event happened and reached the server (latency, docs/decisions/0020-measured-visible-latency.md). */
  eventAt?: number | null;
  ingestedAt?: number | null;
  sources: AlertSource[];
  /**
   * The raising event may have been weighed before: the rules engine read it back from the outbox
   * after a takeover (docs/decisions/0070-every-event-through-the-outbox.md). An open alert that
   * lists all its sources already heard it, and nothing changes.
   */
  heardAgain?: boolean;
}

export interface AlertSource {
  kind: string;
  id: string;
  /** When that event happened, if known. */
  at?: number;
  /** What it was called when the alert was raised (callsign, name), for people to read. */
  name?: string;
}

/**
 * What else changes, in the same transaction, when an alert of a rule is acknowledged: the SOS
 * alert's acknowledgement is the SOS's (docs/decisions/0036-command-inbox-and-attention.md).
 */
export type AcknowledgedHook = (trx: Transaction<Database>, pending: PendingEvents, alert: AlertRow, viewer: UserRow) => Promise<void>;

/** How many raising events an alert keeps; the count of firings goes on in `occurrences`. */
const MAX_SOURCES = 100;

/** How far outside a public alert's area a person still sees it as "near me". */
const NEAR_MARGIN_M = 5_000;

/**
 * Alerts: raised by rules (SOS now, the threat engine later), deduplicated per rule and subject
 * so repeated activity merges into one item, acknowledged and resolved by command, dismissed
 * only with a verdict. Public alerts are published by command for an area.
 */
export class AlertsService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
    /** Names the incident a public notice is about (docs/decisions/0014-one-incident-timeline.md). */
    private readonly incidents?: Pick<IncidentsRepository, 'find'>,
  ) {}

  private readonly acknowledgedHooks = new Map<string, AcknowledgedHook>();

  /** Registers what an acknowledgement of this rule's alerts also records (wired once at start-up). */
  whenAcknowledged(rule: string, hook: AcknowledgedHook): void {
    this.acknowledgedHooks.set(rule, hook);
  }

  /** Raises an alert inside a caller's transaction, or merges into the open one on the same subject. */
  async raiseIn(trx: Transaction<Database>, pending: PendingEvents, input: RaiseAlert): Promise<AlertRow> {
    const now = this.clock.now();
    const open = await this.alerts.findOpen(trx, input.rule, input.subject);
    if (open) {
      const known = JSON.parse(open.sources) as AlertSource[];
      const heard = (source: AlertSource) => known.some((existing) => existing.kind === source.kind && existing.id === source.id);
      if (input.heardAgain && input.sources.every(heard)) return open;
      const next: AlertRow = {
        ...open,
        detail: input.detail,
        lat: input.location?.lat ?? open.lat,
        lon: input.location?.lon ?? open.lon,
        sources: JSON.stringify(mergeSources(known, input.sources)),
        occurrences: open.occurrences + 1,
        updated_at: now,
      };
      await this.alerts.update(trx, open.id, next);
      for (const event of alertEvents.updated(next)) pending.add(event);
      return next;
    }
    const row: AlertRow = {
      id: randomUUID(),
      rule: input.rule,
      subject: input.subject,
      severity: input.severity,
      title: input.title,
      detail: input.detail,
      lat: input.location?.lat ?? null,
      lon: input.location?.lon ?? null,
      radius_m: input.radiusM ?? null,
      public: input.public ? 1 : 0,
      status: 'new',
      sources: JSON.stringify(input.sources),
      created_at: now,
      updated_at: now,
      acknowledged_by: null,
      acknowledged_at: null,
      verdict: null,
      tier: input.tier ?? 'alert',
      event_at: input.eventAt ?? null,
      ingested_at: input.ingestedAt ?? null,
      first_delivered_at: null,
      occurrences: 1,
      zone_id: input.zoneId ?? null,
      closed_at: null,
    };
    await this.alerts.insert(trx, row);
    for (const event of alertEvents.created(row)) pending.add(event);
    return row;
  }

  /** Resolves the open alert of a rule on a subject (SOS cleared), inside a caller's transaction. */
  async resolveSubjectIn(trx: Transaction<Database>, pending: PendingEvents, rule: string, subject: string): Promise<void> {
    const open = await this.alerts.findOpen(trx, rule, subject);
    if (!open) return;
    const now = this.clock.now();
    const next: AlertRow = { ...open, status: 'resolved', closed_at: now, updated_at: now };
    await this.alerts.update(trx, open.id, next);
    for (const event of alertEvents.updated(next)) pending.add(event);
  }

  /** Raises (or merges) an alert in its own transaction: the rules engine's way in. */
  raise(input: RaiseAlert): Promise<AlertRow> {
    return this.inTransaction((trx, pending) => this.raiseIn(trx, pending, input));
  }

  resolveSubject(rule: string, subject: string): Promise<void> {
    return this.inTransaction((trx, pending) => this.resolveSubjectIn(trx, pending, rule, subject));
  }

  /** Adds what happened next (a unit left the zone) to an open alert, without counting a new firing. */
  noteSubject(rule: string, subject: string, detail: string, source: AlertSource): Promise<void> {
    return this.inTransaction(async (trx, pending) => {
      const open = await this.alerts.findOpen(trx, rule, subject);
      if (!open) return;
      const next: AlertRow = {
        ...open,
        detail: `${open.detail} ${detail}`.slice(-2000),
        sources: JSON.stringify(mergeSources(JSON.parse(open.sources) as AlertSource[], [source])),
        updated_at: this.clock.now(),
      };
      await this.alerts.update(trx, open.id, next);
      for (const event of alertEvents.updated(next)) pending.add(event);
    });
  }

  /** The realtime hub wrote the alert to a command or analyst screen for the first time. */
  markFirstDelivered(id: string, at: number): Promise<void> {
    return this.alerts.markFirstDelivered(id, at);
  }

  async publishPublic(author: UserRow, request: z.infer<typeof PublishAlertRequest>): Promise<AlertRow> {
    const about = request.incidentId ? await this.incidents?.find(request.incidentId) : undefined;
    if (request.incidentId && !about) throw new AppError('not_found', 'No such incident.');
    return this.inTransaction((trx, pending) =>
      this.raiseIn(trx, pending, {
        rule: 'public.notice',
        subject: randomUUID(),
        severity: request.severity,
        title: request.title,
        detail: request.detail,
        location: { lat: request.location.lat, lon: request.location.lon },
        radiusM: request.radiusM,
        public: true,
        sources: [
          { kind: 'user', id: author.id, name: author.full_name },
          ...(about ? [{ kind: 'incident', id: about.id, name: about.reference }] : []),
        ],
      }),
    );
  }

  async list(query: z.infer<typeof AlertListQuery>): Promise<{ rows: AlertRow[]; nextCursor: string | null }> {
    const rows = await this.alerts.list({
      statuses: query.status,
      severities: query.severity,
      rule: query.rule,
      tiers: query.tier,
      from: query.from,
      to: query.to,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit,
    });
    return { rows, nextCursor: nextCursor(rows, query.limit) };
  }

  /** Open public alerts whose area comes within a few kilometres of the point; all of them without one. */
  async listPublic(near: { lat: number; lon: number } | null): Promise<AlertRow[]> {
    const rows = await this.alerts.listOpenPublic();
    if (!near) return rows;
    return rows.filter(
      (row) =>
        row.lat === null || row.lon === null || distanceMetres(near, { lat: row.lat, lon: row.lon }) <= (row.radius_m ?? 0) + NEAR_MARGIN_M,
    );
  }

  acknowledge(viewer: UserRow, id: string): Promise<AlertRow> {
    return this.inTransaction(async (trx, pending) => {
      const alert = await this.alerts.find(id, trx);
      if (!alert) throw new AppError('not_found', 'No such alert.');
      if (alert.status !== 'new') throw new AppError('conflict', `This alert is already ${alert.status}.`);
      return this.acknowledgeRowIn(trx, pending, alert, viewer);
    });
  }

  /** Acknowledges the open alert of a rule on a subject if nobody has yet, inside a caller's transaction. */
  async acknowledgeSubjectIn(trx: Transaction<Database>, pending: PendingEvents, rule: string, subject: string, viewer: UserRow) {
    const open = await this.alerts.findOpen(trx, rule, subject);
    if (open?.status === 'new') await this.acknowledgeRowIn(trx, pending, open, viewer);
  }

  private async acknowledgeRowIn(trx: Transaction<Database>, pending: PendingEvents, alert: AlertRow, viewer: UserRow): Promise<AlertRow> {
    const now = this.clock.now();
    const next: AlertRow = { ...alert, status: 'acknowledged', acknowledged_by: viewer.id, acknowledged_at: now, updated_at: now };
    await this.alerts.update(trx, alert.id, next);
    for (const event of alertEvents.updated(next)) pending.add(event);
    await this.acknowledgedHooks.get(alert.rule)?.(trx, pending, next, viewer);
    return next;
  }

  resolve(id: string): Promise<AlertRow> {
    return this.move(id, (alert) => {
      if (!OPEN_ALERT_STATUSES.includes(alert.status)) throw new AppError('conflict', `This alert is already ${alert.status}.`);
      return { status: 'resolved', closed_at: this.clock.now() };
    });
  }

  /** Dismissing says why (a false alarm, a duplicate): the verdict is kept with the alert. */
  dismiss(id: string, verdict: string): Promise<AlertRow> {
    return this.move(id, (alert) => {
      if (!OPEN_ALERT_STATUSES.includes(alert.status)) throw new AppError('conflict', `This alert is already ${alert.status}.`);
      return { status: 'dismissed', verdict, closed_at: this.clock.now() };
    });
  }

  private move(id: string, decide: (alert: AlertRow) => Partial<AlertRow>): Promise<AlertRow> {
    return this.inTransaction(async (trx, pending) => {
      const alert = await this.alerts.find(id, trx);
      if (!alert) throw new AppError('not_found', 'No such alert.');
      const next = { ...alert, ...decide(alert), updated_at: this.clock.now() };
      await this.alerts.update(trx, id, next);
      for (const event of alertEvents.updated(next)) pending.add(event);
      return next;
    });
  }

  private async inTransaction<T>(work: (trx: Transaction<Database>, pending: PendingEvents) => Promise<T>): Promise<T> {
    return this.events.transaction(this.alerts, work);
  }
}

/** Appends new raising events, each once, keeping the first and the latest when there are many. */
export function mergeSources(known: AlertSource[], added: AlertSource[]): AlertSource[] {
  const merged = [
    ...known,
    ...added.filter((source) => !known.some((existing) => existing.kind === source.kind && existing.id === source.id)),
  ];
  return merged.length <= MAX_SOURCES ? merged : [...merged.slice(0, 10), ...merged.slice(merged.length - (MAX_SOURCES - 10))];
}
