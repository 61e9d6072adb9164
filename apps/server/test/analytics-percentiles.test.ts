import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { OperationalAnalyticsRepository } from '../src/features/analytics/operational.repository';
import { TelemetryRepository } from '../src/features/analytics/telemetry.repository';
import { TEST_DIALECTS, createTestDatabase } from './databases';

const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const P50 = [1, 2] as const;
const P90 = [9, 10] as const;
const RANGE = { from: T0, to: T0 + 60 * MIN, includeExercise: false };

/**
 * Edge cases of the percentile path (values gathered in one aggregate, ranks picked in JS) on
 * each database: ties, a single value, a range with none, and values that need every digit.
 */
describe.each(TEST_DIALECTS)('analytics percentiles on %s', (dialect) => {
  let db: Db;
  let operational: OperationalAnalyticsRepository;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    operational = new OperationalAnalyticsRepository(db.kysely);
    await db.kysely
      .insertInto('units')
      .values({ id: 'u1', callsign: 'ALPHA-1', kind: 'patrol', status: 'available', created_at: T0, updated_at: T0 })
      .execute();
    // Five assignments: acknowledged after 2, 2, 2, 7 and 2 minutes (ties around the median),
    // only the first ever on scene (one value), none cleared (no values).
    const acknowledged = [2, 2, 2, 7, 2];
    for (const [index, minutes] of acknowledged.entries()) {
      const at = T0 + index * MIN;
      await db.kysely
        .insertInto('incidents')
        .values({
          id: `i${index}`,
          reference: `INC-2026-${index}`,
          title: 'x',
          category: 'fire',
          severity: 'low',
          status: 'new',
          lat: 0,
          lon: 0,
          description: '',
          created_at: at,
          updated_at: at,
          exercise: 0,
        })
        .execute();
      const milestones = { assigned: at, acknowledged: at + minutes * MIN, ...(index === 0 ? { on_scene: at + 9 * MIN } : {}) };
      await db.kysely
        .insertInto('dispatches')
        .values({
          id: `d${index}`,
          incident_id: `i${index}`,
          unit_id: 'u1',
          status: 'acknowledged',
          milestones: JSON.stringify(milestones),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const vital = (value: number, at: number) => ({
      kind: 'performance',
      tracking_id: 't1',
      user_id: null,
      site: 'main',
      payload: JSON.stringify({ trackingId: 't1', name: 'CLS', value }),
      received_at: at,
    });
    await db.kysely
      .insertInto('analytics_events')
      .values([vital(0.1 + 0.2, T0), vital(1 / 3, T0 + 1), vital(0.1, T0 + 2)])
      .execute();
  });
  afterAll(() => db.close());

  it('ranks ties, gives a lone value for every percentile, and leaves out milestones never reached', async () => {
    const percentiles = await operational.responsePercentiles(RANGE, [P50, P90]);
    expect([...percentiles.keys()]).toEqual(['acknowledged', 'on_scene']);
    expect(percentiles.get('acknowledged')).toEqual({ n: 5, values: [2 * MIN, 7 * MIN] });
    expect(percentiles.get('on_scene')).toEqual({ n: 1, values: [9 * MIN, 9 * MIN] });
  });

  it('has nothing for a range without assignments', async () => {
    expect((await operational.responsePercentiles({ ...RANGE, from: T0 - 60 * MIN, to: T0 }, [P50, P90])).size).toBe(0);
    expect((await operational.alertLatencyPercentiles({ from: T0, to: T0 + MIN }, [P50, P90])).size).toBe(0);
    expect((await operational.alertAckPercentiles({ from: T0, to: T0 + MIN }, [P50, P90])).size).toBe(0);
  });

  it('keeps every digit of fractional values on the way out of the database', async () => {
    const vitals = await new TelemetryRepository(db.kysely).webVitals({ from: T0, to: T0 + MIN }, [
      [3, 4],
      [1, 3],
    ]);
    expect(vitals.get('CLS')).toEqual({ n: 3, values: [1 / 3, 0.1] });
    const median = await new TelemetryRepository(db.kysely).webVitals({ from: T0, to: T0 + MIN }, [P50]);
    expect(median.get('CLS')?.values).toEqual([0.1 + 0.2]);
  });
});
