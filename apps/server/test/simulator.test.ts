import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Scenario } from '../src/simulator/scenario';
import { SCENARIO_PREFIX, SCENARIO_UNITS } from '../src/simulator/scenario-units';
import { CITY } from '../src/simulator/city';
import { metresBetween, Patrol } from '../src/simulator/movement';
import { buildTestApp, createUser, STRONG_PASSWORD, type TestApp } from './support';

describe('movement along streets', () => {
  it('walks a street back and forth at the speed asked', () => {
    const street = CITY.streets[0]!;
    const patrol = new Patrol(street);
    const start = { ...patrol.position };
    patrol.advance(100);
    expect(metresBetween(start, patrol.position)).toBeCloseTo(100, 0);
    // Far more than the street's length: it turns at the ends and stays on the street.
    patrol.advance(100_000);
    const lats = street.points.map(([lat]) => lat);
    expect(patrol.position.lat).toBeGreaterThanOrEqual(Math.min(...lats));
    expect(patrol.position.lat).toBeLessThanOrEqual(Math.max(...lats));
  });
});

/** The scenario against a real, listening Argus on SQLite, stepped by hand. */
describe('scenario simulator', () => {
  let t: TestApp;
  let baseUrl: string;
  let scenario: Scenario | undefined;

  beforeEach(async () => {
    t = await buildTestApp('sqlite', { RATE_LIMIT_PUBLIC_MAX: '100000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const unit of SCENARIO_UNITS.slice(0, 3)) await t.services.units.create({ callsign: unit.callsign, kind: unit.kind, members: [] });
  });
  afterEach(async () => {
    await scenario?.stop();
    await t.close();
  });

  it('moves units along streets, opens incidents, dispatches the nearest unit and works it to the end', async () => {
    const command = await createUser(t.services, { role: 'Command_Admin' });
    const civic = await createUser(t.services, { role: 'Civic_Reporter' });
    let seed = 1;
    scenario = await Scenario.start(
      {
        baseUrl,
        command: { email: command.email, password: STRONG_PASSWORD },
        civic: { email: civic.email, password: STRONG_PASSWORD },
        // Stepped by hand below: the timer never fires during the test.
        tickMs: 1_000_000,
        incidentEveryMs: 60_000,
        reportEveryMs: 60_000,
        onSceneSeconds: 30,
        random: () => (seed = (seed * 16807) % 2147483647) / 2147483647,
      },
      SCENARIO_PREFIX,
    );
    let now = 1_000_000;
    await scenario.tick(now, 5);
    expect(scenario.stats).toMatchObject({ positions: 3, incidents: 1, reports: 1, dispatches: 1, errors: 0 });
    const [assignment] = (await t.services.dispatch.assignments(command, { active: true })).map((row) => row.dispatch);
    expect(assignment!.status).toBe('en_route');

    for (let step = 0; step < 200 && (await t.services.dispatch.assignments(command, { active: true })).length > 0; step += 1) {
      now += 5_000;
      await scenario.tick(now, 5);
    }
    const done = await t.services.dispatch.assignments(command, { active: false });
    expect(done.map((row) => row.dispatch.status)).toContain('cleared');
    const milestones = JSON.parse(done.find((row) => row.dispatch.status === 'cleared')!.dispatch.milestones) as Record<string, number>;
    expect(Object.keys(milestones)).toEqual(['assigned', 'acknowledged', 'en_route', 'on_scene', 'cleared']);
    expect((await t.services.incidents.get(done[0]!.incident.id)).status).toBe('resolved');
    const units = await t.services.unitsRepository.list();
    expect(units.every((unit) => unit.position_at !== null)).toBe(true);
    expect(scenario.stats.errors).toBe(0);
  });

  it('runs the demo’s hour within the session’s request budget: positions batched, crews message and raise SOS, alerts, no 429', async () => {
    for (const unit of SCENARIO_UNITS.slice(3)) await t.services.units.create({ callsign: unit.callsign, kind: unit.kind, members: [] });
    const command = await createUser(t.services, { role: 'Command_Admin' });
    const civic = await createUser(t.services, { role: 'Civic_Reporter' });
    // The demo's crews: one field account crewing every simulated unit (demo.ts).
    const crew = await createUser(t.services, { role: 'Field_Unit' });
    for (const unit of await t.services.unitsRepository.list()) await t.services.unitsRepository.addMember(unit.id, crew.id);
    const refusals: string[] = [];
    let seed = 7;
    // The demo's own pace (demo.ts), stepped by hand with the server's clock in step, so the
    // per-session windows count exactly the requests of each quarter hour.
    const tickMs = 2_000;
    scenario = await Scenario.start(
      {
        baseUrl,
        command: { email: command.email, password: STRONG_PASSWORD },
        civic: { email: civic.email, password: STRONG_PASSWORD },
        crew: { email: crew.email, password: STRONG_PASSWORD },
        tickMs: 1_000_000,
        incidentEveryMs: 45_000,
        reportEveryMs: 30_000,
        onSceneSeconds: 90,
        random: () => (seed = (seed * 16807) % 2147483647) / 2147483647,
        log: (line) => refusals.push(line),
      },
      SCENARIO_PREFIX,
    );
    let now = t.clock.now();
    for (let elapsed = 0; elapsed < 60 * 60_000; elapsed += tickMs) {
      await scenario.tick(now, tickMs / 1000);
      now += tickMs;
      t.clock.advance(tickMs);
    }
    expect(refusals).toEqual([]);
    expect(scenario.stats.errors).toBe(0);
    expect(scenario.stats.positions).toBe(SCENARIO_UNITS.length * 1800);
    expect(scenario.stats.incidents).toBeGreaterThanOrEqual(70);

    // CREW_ACTIVITY_PACE: a message (and command's answer) every 2 minutes, an SOS every 15, a threat report every 10.
    expect(scenario.stats).toMatchObject({ messages: 29, replies: 29, sos: 3, sosCleared: 3, threatReports: 5 });
    const threads = await t.services.messages.threads(command);
    const unitThreads = threads.filter((thread) => thread.channel === 'unit');
    expect(unitThreads.reduce((sum, thread) => sum + thread.unread, 0)).toBeGreaterThan(0);
    const sosAlerts = (await t.services.alerts.list({ rule: 'unit.sos', limit: 50 })).rows;
    expect(sosAlerts).toHaveLength(3);
    expect(sosAlerts.every((alert) => alert.status === 'resolved' && alert.acknowledged_by !== null)).toBe(true);
    await expect
      .poll(async () => (await t.services.alerts.list({ rule: 'report.keywords', limit: 50 })).rows.length, { timeout: 10_000 })
      .toBe(5);
    // No SOS of the simulator's is left on.
    expect((await t.services.unitsRepository.list()).filter((unit) => unit.emergency_since !== null)).toEqual([]);
  }, 300_000);

  it('refuses to start without units of its own', async () => {
    const command = await createUser(t.services, { role: 'Command_Admin' });
    await expect(
      Scenario.start(
        {
          baseUrl,
          command: { email: command.email, password: STRONG_PASSWORD },
          civic: { email: command.email, password: STRONG_PASSWORD },
          tickMs: 1_000_000,
          incidentEveryMs: 1,
          reportEveryMs: 1,
          onSceneSeconds: 1,
        },
        'NONE-',
      ),
    ).rejects.toThrow('No units with callsigns starting NONE-');
  });
});
