import type { Polygon, MultiPolygon } from 'geojson';
import { RULE_KINDS, RULE_PARAMS } from '@argus/contracts/http/rules';
import type { Unit } from '@argus/contracts/http/units';
import type { Zone } from '@argus/contracts/http/zones';
import type { Clock } from '../../lib/clock';
import type { OperationalEvent } from '../../realtime/events';
import type { AlertsService } from '../alerts/alerts.service';
import { defaultRules } from './default-rules';
import type { ActiveRules, EngineAction, UnitSeen } from './engine.types';
import { HEARD_MARGIN_MS, type EngineCursor } from './engine-cursor';
import { RulesEngine } from './rules.engine';
import type { RuleRow, RulesRepository, ZoneRow } from './rules.repository';
import type { IndexedZone } from './zone-index';

/** Outbox event ids remembered, so an event both heard live and read back is weighed once. */
const WEIGHED_IDS = 50_000;

export interface ThreatEngineOptions {
  /** How often the timer looks for silent units and dwell times reached. */
  tickMs: number;
}

export type ErrorSink = (error: unknown, context: string) => void;

/** Where the engine hears events from: this process's bus, or (scale-out) it and the other processes'. */
export interface EngineEventSource {
  listen(listener: (event: OperationalEvent) => void): () => void;
}

/** The events the engine evaluates; in scale-out mode only these travel to the leading process. */
export function engineHears(event: OperationalEvent): boolean {
  switch (event.type) {
    case 'unit.position':
    case 'unit.updated':
    case 'unit.created':
    case 'detection.created':
    case 'zone.created':
    case 'zone.updated':
      return true;
    case 'report.created':
      // A report is announced twice (the triage board's copy and the reporter's own): count it once.
      return event.channels.includes('reports');
    default:
      return false;
  }
}

/** Rows of the rules table as the engine uses them; a row whose parameters no longer parse is treated as off. */
export function toActiveRules(rows: RuleRow[]): ActiveRules {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fallback = defaultRules();
  return Object.fromEntries(
    RULE_KINDS.map((kind) => {
      const row = byId.get(kind);
      const params = row ? RULE_PARAMS[kind].safeParse(JSON.parse(row.params)) : null;
      return [
        kind,
        params?.success ? { name: row!.name, enabled: row!.enabled === 1, params: params.data } : { ...fallback[kind], enabled: false },
      ];
    }),
  ) as ActiveRules;
}

function zoneFromRow(row: ZoneRow): IndexedZone {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    riskLevel: row.risk_level,
    active: row.active === 1,
    geometry: JSON.parse(row.geometry) as Polygon | MultiPolygon,
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
  };
}

function zoneFromEvent(zone: Zone): IndexedZone {
  return {
    id: zone.id,
    name: zone.name,
    kind: zone.kind,
    riskLevel: zone.riskLevel,
    active: zone.active,
    geometry: zone.geometry as Polygon | MultiPolygon,
    bbox: zone.bbox,
  };
}

function unitSeen(unit: Unit): UnitSeen {
  const position = unit.position ? { lat: unit.position.location.lat, lon: unit.position.location.lon, at: unit.position.at } : null;
  return { unitId: unit.id, callsign: unit.callsign, kind: unit.kind, status: unit.status, position, ingestedAt: unit.updatedAt };
}

/**
 * Runs the rules engine inside the server: it listens to the event bus (so it sees every write
 * after it commits, without slowing the write path), evaluates one event at a time in arrival
 * order, and carries out what the engine decides. It resumes from the database on start.
 *
 * Several server processes (REDIS_URL set): only the one holding the leadership lock runs an
 * engine, hearing its own bus and the others' events relayed through Redis (scaled-threat-engine.ts).
 */
export class ThreatEngine {
  private engine: RulesEngine | null = null;
  private zones = new Map<string, IndexedZone>();
  private zonesDirty = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly pending: { evaluate: () => EngineAction[]; readBack: boolean }[] = [];
  private draining = false;
  private stopListening: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly weighed = new Set<string>();
  private onError: ErrorSink = (error, context) => console.error(context, error);

  constructor(
    private readonly rules: RulesRepository,
    private readonly alerts: AlertsService,
    private readonly events: EngineEventSource,
    private readonly clock: Clock,
    private readonly options: ThreatEngineOptions,
    /** Where in the outbox the engine resumes (docs/decisions/0070-every-event-through-the-outbox.md). */
    private readonly cursor: EngineCursor | null = null,
  ) {}

  /** Rebuilds zones, presence, open alerts, burst windows and last positions, then starts listening. */
  async start(onError: ErrorSink): Promise<void> {
    this.onError = onError;
    const rules = toActiveRules(await this.rules.listRules());
    const engine = new RulesEngine(rules);
    this.zones = new Map((await this.rules.activeZones()).map((row) => [row.id, zoneFromRow(row)]));
    engine.setZones(this.zones.values());
    const now = this.clock.now();
    const windowMs = rules['report.burst'].params.windowMinutes * 60_000;
    const [units, presence, openAlerts, reports] = await Promise.all([
      this.rules.units(),
      this.rules.presence(),
      this.rules.openEngineAlerts(),
      this.rules.reportsSince(now - windowMs),
    ]);
    engine.restore(
      {
        units: units.map((row) => ({
          unitId: row.id,
          callsign: row.callsign,
          kind: row.kind,
          status: row.status,
          position:
            row.lat !== null && row.lon !== null && row.position_at !== null ? { lat: row.lat, lon: row.lon, at: row.position_at } : null,
          ingestedAt: row.updated_at,
        })),
        presence: presence.map((row) => ({
          subject: row.subject,
          zoneId: row.zone_id,
          enteredAt: row.entered_at,
          alerted: row.alerted === 1,
        })),
        openAlerts: openAlerts.map((row) => ({
          rule: row.rule,
          subject: row.subject,
          lat: row.lat,
          lon: row.lon,
          updatedAt: row.updated_at,
        })),
        recentReports: reports.map((row) => ({
          id: row.id,
          category: row.category,
          description: row.description,
          lat: row.lat,
          lon: row.lon,
          at: row.created_at,
          ingestedAt: row.created_at,
        })),
      },
      now,
    );
    this.engine = engine;
    // What was written while no engine listened comes first, then what is heard from now on.
    this.enqueue(() => engine.catchUp(this.clock.now()));
    this.stopListening = this.events.listen((event) => this.handle(event));
    // Reports and detections written while no engine listened (a takeover, a restart), read back
    // from the outbox; those also heard live are weighed once (their ids).
    const heardUntil = await this.cursor?.heardUntil();
    if (heardUntil != null) for (const event of await this.cursor!.eventsSince(heardUntil)) this.handle(event, true);
    this.timer = setInterval(() => void this.onTimer(), this.options.tickMs).unref();
  }

  async stop(): Promise<void> {
    this.stopListening?.();
    clearInterval(this.timer);
    await this.idle();
  }

  /** Resolves once every event heard so far has been evaluated and its alerts written. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Runs the timer now (tests move a fake clock and call this). */
  async tick(): Promise<void> {
    await this.onTimer();
  }

  /** Rule parameters changed: the next event is evaluated with the new ones. */
  async reloadRules(): Promise<void> {
    const rules = toActiveRules(await this.rules.listRules());
    this.engine?.setRules(rules);
  }

  private async onTimer(): Promise<void> {
    const now = this.clock.now();
    this.enqueue(() => this.engine!.tick(now));
    await this.idle();
    // Everything written a margin before this tick has been heard and weighed (engine-cursor.ts).
    await this.cursor?.save(now - HEARD_MARGIN_MS, now).catch((error: unknown) => this.onError(error, 'saving the rules engine cursor'));
  }

  /** An event with an outbox id weighed already (heard live and read back): not again. */
  private weighedBefore(event: OperationalEvent): boolean {
    if (event.id === undefined) return false;
    if (this.weighed.has(event.id)) return true;
    this.weighed.add(event.id);
    if (this.weighed.size > WEIGHED_IDS) this.weighed.delete(this.weighed.values().next().value!);
    return false;
  }

  /** `readBack`: from the outbox at start, which may hold what the last leader weighed already. */
  private handle(event: OperationalEvent, readBack = false): void {
    if (!engineHears(event) || this.weighedBefore(event)) return;
    switch (event.type) {
      case 'unit.position':
      case 'unit.updated':
      case 'unit.created': {
        const unit = unitSeen(event.data);
        return this.enqueue(() => this.engine!.unit(unit, this.clock.now()));
      }
      case 'report.created': {
        const report = event.data;
        const seen = {
          id: report.id,
          category: report.category,
          description: report.description,
          lat: report.location.lat,
          lon: report.location.lon,
          at: report.createdAt,
          ingestedAt: report.createdAt,
        };
        return this.enqueue(() => this.engine!.report(seen), readBack);
      }
      case 'detection.created': {
        const frame = event.data;
        if (!frame.location) return;
        const location = { lat: frame.location.lat, lon: frame.location.lon };
        const detections = frame.detections.map((detection) => ({
          id: detection.id,
          label: detection.label,
          score: detection.score,
          location: detection.location ?? location,
        }));
        return this.enqueue(
          () =>
            this.engine!.detections({
              cameraId: frame.cameraId,
              cameraName: frame.cameraName,
              at: frame.at,
              ingestedAt: frame.receivedAt,
              location,
              detections,
            }),
          readBack,
        );
      }
      case 'zone.created':
      case 'zone.updated': {
        const zone = zoneFromEvent(event.data);
        return this.enqueue(() => {
          this.zones.set(zone.id, zone);
          this.zonesDirty = true;
          return zone.active ? [] : this.engine!.forgetZone(zone.id);
        });
      }
      default:
    }
  }

  /**
   * Evaluation waits for the next turn of the event loop (setImmediate), so the request that
   * published the event answers, and the realtime hub sends its frames, before the engine writes
   * any alert: with SQLite every query resolves at once, and a promise chain alone would run the
   * engine's transactions ahead of them. One turn per burst: a drain takes every event waiting.
   */
  private enqueue(evaluate: () => EngineAction[], readBack = false): void {
    this.pending.push({ evaluate, readBack });
    if (this.draining) return;
    this.draining = true;
    this.queue = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.pending.shift(); next; next = this.pending.shift()) {
        try {
          if (this.zonesDirty) {
            this.zonesDirty = false;
            this.engine!.setZones(this.zones.values());
          }
          for (const action of next.evaluate()) await this.apply(action, next.readBack);
        } catch (error) {
          this.onError(error, 'evaluating threat rules');
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async apply(action: EngineAction, readBack: boolean): Promise<void> {
    switch (action.type) {
      case 'raise':
        await this.alerts.raise(readBack ? { ...action.alert, heardAgain: true } : action.alert);
        return;
      case 'resolve':
        return this.alerts.resolveSubject(action.rule, action.subject);
      case 'note':
        return this.alerts.noteSubject(action.rule, action.subject, action.detail, action.source);
      case 'enter':
        return this.rules.enter({
          subject: action.subject,
          zone_id: action.zoneId,
          entered_at: action.enteredAt,
          alerted: action.alerted ? 1 : 0,
        });
      case 'leave':
        return this.rules.leave(action.subject, action.zoneId);
    }
  }
}
