import { randomUUID } from 'node:crypto';
import {
  MAX_POSITIONS_PER_BATCH,
  type Assignment,
  type Unit,
  type UnitPositionBatchRequest,
  type UnitPositionBatchResponse,
} from '@argus/contracts/http/units';
import type { Incident } from '@argus/contracts/http/incidents';
import { ApiClient } from './api-client';
import { CITY, CIVIC_REPORTS, INCIDENT_KINDS } from './city';
import { CREW_ACTIVITY_PACE, CrewActivity, type CrewActivityPace, type CrewActivityStats } from './crew-activity';
import { Patrol, headingBetween, metresBetween, stepTowards, type Point } from './movement';

export interface ScenarioOptions {
  baseUrl: string;
  command: { email: string; password: string };
  civic: { email: string; password: string };
  /**
   * A field account crewing the simulated units: it sends their messages and raises their SOS.
   * Without it, or for units it does not crew, the crews stay silent.
   */
  crew?: { email: string; password: string };
  /** The pace of messages, SOS and threat reports; CREW_ACTIVITY_PACE unless changed. */
  activityPace?: Partial<CrewActivityPace>;
  /** How often every unit reports its position (and the scenario moves on). */
  tickMs: number;
  incidentEveryMs: number;
  reportEveryMs: number;
  /** Seconds a unit spends on scene before it clears. */
  onSceneSeconds: number;
  random?: () => number;
  log?: (line: string) => void;
}

const PATROL_SPEED = 8;
const RESPONSE_SPEED = 16;
const KEEPALIVE_EVERY_MS = 5 * 60_000;

interface SimulatedUnit {
  unit: Unit;
  patrol: Patrol;
  position: Point;
  heading: number;
  job: { assignment: Assignment; target: Point; arrivedAt: number | null } | null;
}

/**
 * A living picture for newcomers and a load generator for benchmarks: units patrol real
 * streets and report their positions, incidents and civic reports arrive, command dispatches
 * the nearest available unit, which drives there, works the scene, clears and resumes patrol.
 * Everything goes through Argus's public API, as the real clients' calls do.
 */
export class Scenario {
  private readonly units: SimulatedUnit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastIncident = 0;
  private lastReport = 0;
  private lastKeepalive = 0;
  private busy = false;
  private activity: CrewActivity | null = null;
  private readonly counts = { positions: 0, incidents: 0, reports: 0, dispatches: 0, errors: 0 };

  private constructor(
    private readonly options: ScenarioOptions,
    private readonly command: ApiClient,
    private readonly civic: ApiClient,
    private readonly crew: ApiClient | null,
    private readonly random: () => number,
  ) {}

  /** What the scenario has sent so far, and how many calls failed. */
  get stats(): typeof this.counts & CrewActivityStats {
    return { ...this.counts, ...(this.activity?.stats ?? { messages: 0, replies: 0, sos: 0, sosCleared: 0, threatReports: 0 }) };
  }

  /** Signs in and takes over the units whose callsign starts with `prefix`. */
  static async start(options: ScenarioOptions, prefix: string): Promise<Scenario> {
    const command = await ApiClient.signIn(options.baseUrl, options.command.email, options.command.password);
    const civic = await ApiClient.signIn(options.baseUrl, options.civic.email, options.civic.password);
    const crew = options.crew ? await ApiClient.signIn(options.baseUrl, options.crew.email, options.crew.password) : null;
    const scenario = new Scenario(options, command, civic, crew, options.random ?? Math.random);
    const { units } = await command.request<{ units: Unit[] }>('GET', '/units');
    const streets = CITY.streets;
    units
      .filter((unit) => unit.callsign.startsWith(prefix))
      .forEach((unit, index) => {
        const patrol = new Patrol(streets[index % streets.length]!, index % 3);
        scenario.units.push({ unit, patrol, position: patrol.position, heading: 0, job: null });
      });
    if (scenario.units.length === 0) throw new Error(`No units with callsigns starting ${prefix}: create them first.`);
    // A field account is answered only the units it crews (docs/specification.md section 6).
    const crewed = crew ? (await crew.request<{ units: Unit[] }>('GET', '/units')).units.map((unit) => unit.id) : [];
    scenario.activity = new CrewActivity(
      { command, crew, civic },
      new Set(crewed),
      { ...CREW_ACTIVITY_PACE, ...options.activityPace },
      scenario.random,
      () => scenario.somewhereOnAStreet(),
    );
    await scenario.activity.clearLeftovers(scenario.units.map((sim) => sim.unit));
    scenario.timer = setInterval(() => void scenario.tick(), options.tickMs);
    return scenario;
  }

  /** Stops the clock and clears an SOS of the simulator's own that is still on. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.guard(async () => this.activity?.stop());
  }

  /** One step of the world; a step still running when the next is due is skipped, not stacked. */
  async tick(now = Date.now(), seconds = this.options.tickMs / 1000): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const positions = await Promise.all(this.units.map((sim) => this.move(sim, seconds, now)));
      await this.reportPositions(positions);
      if (now - this.lastIncident >= this.options.incidentEveryMs) {
        this.lastIncident = now;
        await this.guard(() => this.openIncident());
      }
      // Sessions end after a quarter of an hour without the user's say-so (SESSION.inactivityMs);
      // the simulator's accounts say so, as a dispatcher's open dashboard does.
      if (now - this.lastKeepalive >= KEEPALIVE_EVERY_MS) {
        this.lastKeepalive = now;
        const clients = [this.command, this.civic, ...(this.crew ? [this.crew] : [])];
        await this.guard(() => Promise.all(clients.map((client) => client.request('POST', '/auth/keepalive'))));
      }
      if (now - this.lastReport >= this.options.reportEveryMs) {
        this.lastReport = now;
        await this.guard(() => this.fileCivicReport());
      }
      const crews = this.units.map((sim) => ({ unit: sim.unit, position: sim.position, busy: sim.job !== null }));
      await this.activity?.step(now, crews, (work) => this.guard(work));
    } finally {
      this.busy = false;
    }
  }

  /** Moves one unit a step and says where it now is; the tick reports every unit's place at once. */
  private async move(sim: SimulatedUnit, seconds: number, now: number): Promise<UnitPositionBatchRequest['positions'][number]> {
    const job = sim.job;
    if (job && job.arrivedAt === null) {
      sim.heading = headingBetween(sim.position, job.target);
      sim.position = stepTowards(sim.position, job.target, RESPONSE_SPEED * seconds);
      if (metresBetween(sim.position, job.target) < 5) {
        job.arrivedAt = now;
        await this.guard(() => this.milestone(job.assignment, 'on_scene'));
      }
    } else if (job && job.arrivedAt !== null) {
      if (now - job.arrivedAt >= this.options.onSceneSeconds * 1000) {
        sim.job = null;
        await this.guard(async () => {
          await this.milestone(job.assignment, 'cleared');
          await this.command.request('PATCH', `/incidents/${job.assignment.incidentId}`, {
            status: 'resolved',
            disposition: { code: 'resolved_by_unit', summary: `${job.assignment.callsign} handled it on scene.` },
          });
        });
      }
    } else {
      const back = metresBetween(sim.position, sim.patrol.position);
      if (back > 5) {
        sim.heading = headingBetween(sim.position, sim.patrol.position);
        sim.position = stepTowards(sim.position, sim.patrol.position, RESPONSE_SPEED * seconds);
      } else {
        sim.heading = sim.patrol.advance(PATROL_SPEED * seconds);
        sim.position = sim.patrol.position;
      }
    }
    return {
      unitId: sim.unit.id,
      clientId: randomUUID(),
      location: { ...round(sim.position), accuracy: 8 },
      heading: Math.round(sim.heading),
      speed: job && job.arrivedAt === null ? RESPONSE_SPEED : job ? 0 : PATROL_SPEED,
      at: now,
    };
  }

  /**
   * Every unit's position in one request a tick, as a vehicle-location feed sends them: one call
   * per unit would spend the session's request budget in minutes and freeze the demo.
   */
  private async reportPositions(positions: UnitPositionBatchRequest['positions']): Promise<void> {
    for (let start = 0; start < positions.length; start += MAX_POSITIONS_PER_BATCH) {
      await this.guard(async () => {
        const { results } = await this.command.request<UnitPositionBatchResponse>('POST', '/units/positions', {
          positions: positions.slice(start, start + MAX_POSITIONS_PER_BATCH),
        });
        for (const result of results) {
          if (result.ok) this.counts.positions += 1;
          else {
            this.counts.errors += 1;
            this.options.log?.(`simulator: position of ${result.unitId} refused: ${result.error.message}`);
          }
        }
      });
    }
  }

  private async openIncident(): Promise<void> {
    const kind = INCIDENT_KINDS[Math.floor(this.random() * INCIDENT_KINDS.length)]!;
    const place = this.somewhereOnAStreet();
    const { incident } = await this.command.request<{ incident: Incident }>('POST', '/incidents', {
      title: kind.title,
      category: kind.category,
      severity: kind.severity,
      location: { ...round(place), accuracy: 25 },
      description: `Simulated: ${kind.title.toLowerCase()} in ${CITY.name}.`,
      source: 'scenario simulator',
    });
    this.counts.incidents += 1;
    const free = this.units
      // A crew in SOS has troubles of its own: command sends someone else.
      .filter((sim) => sim.job === null && !this.activity?.isInSos(sim.unit.id))
      .sort((a, b) => metresBetween(a.position, place) - metresBetween(b.position, place));
    const nearest = free[0];
    if (!nearest) return;
    const { dispatches } = await this.command.request<{ dispatches: Assignment[] }>('POST', `/incidents/${incident.id}/dispatch`, {
      unitIds: [nearest.unit.id],
    });
    const assignment = { ...dispatches[0]!, callsign: nearest.unit.callsign, incident };
    nearest.job = { assignment, target: place, arrivedAt: null };
    this.counts.dispatches += 1;
    await this.milestone(assignment, 'acknowledged');
    await this.milestone(assignment, 'en_route');
  }

  private async fileCivicReport(): Promise<void> {
    const report = CIVIC_REPORTS[Math.floor(this.random() * CIVIC_REPORTS.length)]!;
    await this.civic.request('POST', '/reports', {
      clientId: randomUUID(),
      kind: 'civic',
      category: report.category,
      description: report.description,
      location: { ...round(this.somewhereOnAStreet()), accuracy: 15 },
    });
    this.counts.reports += 1;
  }

  private milestone(assignment: Assignment, status: string): Promise<unknown> {
    return this.command.request('POST', `/dispatches/${assignment.id}/status`, { clientId: randomUUID(), status });
  }

  private somewhereOnAStreet(): Point {
    const street = CITY.streets[Math.floor(this.random() * CITY.streets.length)]!;
    const [lat, lon] = street.points[Math.floor(this.random() * street.points.length)]!;
    // Within about a hundred metres of the junction.
    return { lat: lat + (this.random() - 0.5) * 0.0018, lon: lon + (this.random() - 0.5) * 0.0028 };
  }

  /** A demo keeps going through a failed call (a unit someone else dispatched, a dropped connection). */
  private async guard(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.counts.errors += 1;
      this.options.log?.(`simulator: ${(error as Error).message}`);
    }
  }
}

function round(point: Point): Point {
  return { lat: Math.round(point.lat * 1e6) / 1e6, lon: Math.round(point.lon * 1e6) / 1e6 };
}
