import type { ActiveRules, DetectionFrame, EngineAction, ReportSeen, UnitSeen } from './engine.types';
import { evaluateCoverage, parseCoverageSubject, type Gap } from './coverage';
import { evaluateDetections, type DetectionTrack } from './detection-rule';
import { evaluateDwell, evaluateReportGeofence, evaluateUnitGeofence, type Presence } from './geofence';
import { categoryOfBurst, evaluateBurst, evaluateKeywords, type OpenBurst } from './report-rules';
import { endSilence, evaluateSilence, isAssigned } from './silence';
import { ZoneIndex, type IndexedZone } from './zone-index';

/** Shared by every call that decides nothing; frozen so no caller can add to it. */
const NOTHING = Object.freeze([]) as unknown as EngineAction[];

/** What the engine resumes from after a restart, read from the database. */
export interface EngineSnapshot {
  units: UnitSeen[];
  presence: { subject: string; zoneId: string; enteredAt: number; alerted: boolean }[];
  openAlerts: { rule: string; subject: string; lat: number | null; lon: number | null; updatedAt: number }[];
  recentReports: ReportSeen[];
}

/**
 * The threat rules engine (docs/decisions/0013-threat-rules-engine.md), in memory and synchronous: each event goes in,
 * the actions it calls for come out (raise, resolve, note, presence). Vocabulary:
 * - presence: which watched zones a unit is inside, since when, and whether it was alerted;
 * - window: the recent reports a burst is counted over;
 * - track: a label followed across a camera's consecutive frames (inertia);
 * - gap: how long a watched zone has been without an available unit of a kind (coverage);
 * - tick: the timer that catches what only the passing of time reveals (silence, dwell, coverage).
 * Time comes from the events and from `tick(now)`, so tests drive it with a fake clock.
 */
export class RulesEngine {
  readonly zones = new ZoneIndex();
  private readonly units = new Map<string, UnitSeen>();
  private readonly presence = new Map<string, Map<string, Presence>>();
  private readonly assignedSince = new Map<string, number>();
  private readonly silenced = new Set<string>();
  private readonly recentReports: ReportSeen[] = [];
  private readonly openBursts: OpenBurst[] = [];
  private readonly tracks = new Map<string, DetectionTrack>();
  private readonly coverageGaps = new Map<string, Gap>();

  constructor(private rules: ActiveRules) {}

  get currentRules(): ActiveRules {
    return this.rules;
  }

  setRules(rules: ActiveRules): void {
    this.rules = rules;
  }

  setZones(zones: Iterable<IndexedZone>): void {
    this.zones.rebuild(zones);
  }

  /** Takes up the state the database holds, without raising anything. */
  restore(snapshot: EngineSnapshot, now: number): void {
    for (const unit of snapshot.units) {
      this.units.set(unit.unitId, unit);
      if (isAssigned(unit)) this.assignedSince.set(unit.unitId, Math.min(now, unit.ingestedAt));
    }
    for (const row of snapshot.presence) {
      if (!row.subject.startsWith('unit:')) continue;
      this.insideOf(row.subject.slice(5)).set(row.zoneId, { enteredAt: row.enteredAt, alerted: row.alerted });
    }
    for (const alert of snapshot.openAlerts) {
      if (alert.rule === 'unit.silence') this.silenced.add(alert.subject);
      // An open coverage alert stays open until the next tick finds the zone covered again.
      if (alert.rule === 'zone.coverage' && parseCoverageSubject(alert.subject))
        this.coverageGaps.set(alert.subject, { since: alert.updatedAt, alerted: true });
      const category = alert.rule === 'report.burst' ? categoryOfBurst(alert.subject) : null;
      if (category !== null && alert.lat !== null && alert.lon !== null)
        this.openBursts.push({ subject: alert.subject, category, lat: alert.lat, lon: alert.lon, lastAt: alert.updatedAt });
    }
    this.recentReports.push(...[...snapshot.recentReports].sort((a, b) => a.at - b.at));
  }

  /** A unit's position or status changed. */
  unit(unit: UnitSeen, now: number): EngineAction[] {
    const previous = this.units.get(unit.unitId);
    this.units.set(unit.unitId, unit);
    if (isAssigned(unit)) {
      if (!this.assignedSince.has(unit.unitId)) this.assignedSince.set(unit.unitId, now);
    } else {
      this.assignedSince.delete(unit.unitId);
    }
    const moved = unit.position !== null && (previous?.position?.at ?? -1) < unit.position.at;
    const ended = moved || !isAssigned(unit) ? endSilence(unit, this.silenced) : NOTHING;
    const geofence = moved ? evaluateUnitGeofence(this.rules, this.zones, unit, this.insideOf(unit.unitId), now) : NOTHING;
    return ended.length === 0 ? geofence : [...ended, ...geofence];
  }

  report(report: ReportSeen): EngineAction[] {
    // A report read back from the outbox may be in the burst window restored from the reports table already.
    const counted = this.recentReports.some((known) => known.id === report.id);
    return [
      ...evaluateReportGeofence(this.rules, this.zones, report),
      ...evaluateKeywords(this.rules, report),
      ...(counted ? [] : evaluateBurst(this.rules, this.recentReports, this.openBursts, report)),
    ];
  }

  detections(frame: DetectionFrame): EngineAction[] {
    return evaluateDetections(this.rules, this.zones, this.tracks, frame);
  }

  /**
   * Once restored, each unit's last stored position is weighed against the zones as if it had just
   * been heard: an entry (or exit) written while no process led the engine (a takeover, a restart)
   * is acted on, once, since presence holds what the previous engine already acted on
   * (docs/decisions/0053-an-outbox-for-every-event.md).
   */
  catchUp(now: number): EngineAction[] {
    const actions: EngineAction[] = [];
    for (const unit of this.units.values())
      if (unit.position) actions.push(...evaluateUnitGeofence(this.rules, this.zones, unit, this.insideOf(unit.unitId), now));
    return actions;
  }

  /** The timer: silence of assigned units, dwell times reached between positions, and zones left without cover. */
  tick(now: number): EngineAction[] {
    const actions: EngineAction[] = [];
    for (const [unitId, since] of this.assignedSince) {
      const unit = this.units.get(unitId);
      if (unit) actions.push(...evaluateSilence(this.rules, unit, since, this.silenced, now));
    }
    for (const [unitId, inside] of this.presence) {
      const unit = this.units.get(unitId);
      if (unit && inside.size > 0) actions.push(...evaluateDwell(this.rules, this.zones, unit, inside, now));
    }
    actions.push(...evaluateCoverage(this.rules, this.zones, this.units.values(), this.coverageGaps, now));
    return actions;
  }

  /** A zone was deactivated or deleted: whoever was inside it is no longer. */
  forgetZone(zoneId: string): EngineAction[] {
    const actions: EngineAction[] = [];
    for (const [unitId, inside] of this.presence)
      if (inside.delete(zoneId)) actions.push({ type: 'leave', subject: `unit:${unitId}`, zoneId });
    return actions;
  }

  private insideOf(unitId: string): Map<string, Presence> {
    let inside = this.presence.get(unitId);
    if (!inside) this.presence.set(unitId, (inside = new Map()));
    return inside;
  }
}
