import { randomUUID } from 'node:crypto';
import type { Unit } from '@argus/contracts/http/units';
import type { ApiClient } from './api-client';
import { CREW_MESSAGES, THREAT_REPORTS } from './city';
import type { Point } from './movement';

/**
 * What the demo's crews and public do besides driving: a crew messages command (and command
 * answers), a crew presses SOS (command acknowledges it, then clears it), and now and then the
 * public reports something the threat rules catch. The pace is modest and fixed
 * (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md), far inside
 * a session's request budget.
 */
export const CREW_ACTIVITY_PACE = {
  /** A crew's message to command, answered by command at once. */
  messageEveryMs: 2 * 60_000,
  /** An SOS from a patrolling crew, at most one at a time. */
  sosEveryMs: 15 * 60_000,
  sosAcknowledgeAfterMs: 20_000,
  sosClearAfterMs: 60_000,
  /** A civic report with a threat word in it, which the keyword rule turns into an alert. */
  threatReportEveryMs: 10 * 60_000,
} as const;

export type CrewActivityPace = { [Key in keyof typeof CREW_ACTIVITY_PACE]: number };

/** A simulated unit as the crews see it: where it is, and whether it is on a job. */
export interface CrewedUnit {
  unit: Unit;
  position: Point;
  busy: boolean;
}

export interface CrewActivityStats {
  messages: number;
  replies: number;
  sos: number;
  sosCleared: number;
  threatReports: number;
}

interface OpenSos {
  unit: Unit;
  raisedAt: number;
  acknowledged: boolean;
}

/** Runs a crew account's messages and SOS, command's answers, and the public's threat reports. */
export class CrewActivity {
  private lastMessage: number | null = null;
  private lastSos: number | null = null;
  private lastThreatReport: number | null = null;
  private sos: OpenSos | null = null;
  readonly stats: CrewActivityStats = { messages: 0, replies: 0, sos: 0, sosCleared: 0, threatReports: 0 };

  constructor(
    private readonly clients: { command: ApiClient; crew: ApiClient | null; civic: ApiClient },
    /** The units the crew account crews: it may speak only for those. */
    private readonly crewed: ReadonlySet<string>,
    private readonly pace: CrewActivityPace,
    private readonly random: () => number,
    private readonly somewhere: () => Point,
  ) {}

  /**
   * An SOS left on by an earlier run that stopped abruptly is cleared first, so the simulator's
   * own emergencies never stay on screen.
   */
  async clearLeftovers(units: readonly Unit[]): Promise<void> {
    for (const unit of units.filter((candidate) => candidate.emergency !== null)) {
      await this.clients.command.request('POST', `/units/${unit.id}/sos/clear`);
    }
  }

  /** One step: each kind of activity whose time has come. The first step starts every clock. */
  async step(now: number, units: readonly CrewedUnit[], guard: (work: () => Promise<unknown>) => Promise<void>): Promise<void> {
    this.lastMessage ??= now;
    this.lastSos ??= now;
    this.lastThreatReport ??= now;
    if (this.sos) await guard(() => this.progressSos(now));
    const crewed = units.filter((sim) => this.crewed.has(sim.unit.id));
    if (this.clients.crew && crewed.length > 0) {
      if (now - this.lastMessage >= this.pace.messageEveryMs) {
        this.lastMessage = now;
        await guard(() => this.sendMessage(this.pick(crewed)));
      }
      const patrolling = crewed.filter((sim) => !sim.busy);
      if (!this.sos && patrolling.length > 0 && now - this.lastSos >= this.pace.sosEveryMs) {
        this.lastSos = now;
        await guard(() => this.raiseSos(this.pick(patrolling), now));
      }
    }
    if (now - this.lastThreatReport >= this.pace.threatReportEveryMs) {
      this.lastThreatReport = now;
      await guard(() => this.fileThreatReport());
    }
  }

  /** Whether the unit's crew has an SOS of the simulator's on. */
  isInSos(unitId: string): boolean {
    return this.sos?.unit.id === unitId;
  }

  /** On stop: an SOS still on is cleared, so none outlives the simulator. */
  async stop(): Promise<void> {
    const open = this.sos;
    this.sos = null;
    if (open) await this.clients.command.request('POST', `/units/${open.unit.id}/sos/clear`);
  }

  private async sendMessage(sim: CrewedUnit): Promise<void> {
    const lines = sim.busy ? CREW_MESSAGES.onJob : CREW_MESSAGES.patrolling;
    const body = lines[Math.floor(this.random() * lines.length)]!;
    await this.clients.crew!.request('POST', '/messages', { clientId: randomUUID(), channel: 'unit', targetId: sim.unit.id, body });
    this.stats.messages += 1;
    await this.clients.command.request('POST', '/messages', {
      clientId: randomUUID(),
      channel: 'unit',
      targetId: sim.unit.id,
      body: `Received, ${sim.unit.callsign}.`,
    });
    this.stats.replies += 1;
  }

  private async raiseSos(sim: CrewedUnit, now: number): Promise<void> {
    // Remembered before the call: should the answer be lost, stop() still clears it.
    this.sos = { unit: sim.unit, raisedAt: now, acknowledged: false };
    await this.clients.crew!.request('POST', `/units/${sim.unit.id}/sos`, {
      clientId: randomUUID(),
      location: { ...sim.position, accuracy: 10 },
    });
    this.stats.sos += 1;
  }

  private async progressSos(now: number): Promise<void> {
    const open = this.sos!;
    if (!open.acknowledged && now - open.raisedAt >= this.pace.sosAcknowledgeAfterMs) {
      // Asked once: a dispatcher who acknowledged it first makes the call a 409, not worth repeating.
      open.acknowledged = true;
      await this.clients.command.request('POST', `/units/${open.unit.id}/sos/acknowledge`);
    }
    if (now - open.raisedAt >= this.pace.sosClearAfterMs) {
      await this.clients.command.request('POST', `/units/${open.unit.id}/sos/clear`);
      this.sos = null;
      this.stats.sosCleared += 1;
    }
  }

  private async fileThreatReport(): Promise<void> {
    const report = THREAT_REPORTS[Math.floor(this.random() * THREAT_REPORTS.length)]!;
    const place = this.somewhere();
    await this.clients.civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: report.category,
      description: report.description,
      location: { lat: Math.round(place.lat * 1e6) / 1e6, lon: Math.round(place.lon * 1e6) / 1e6, accuracy: 15 },
    });
    this.stats.threatReports += 1;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
}
