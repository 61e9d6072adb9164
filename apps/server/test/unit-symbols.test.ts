import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import type { UnitSymbols } from '@argus/contracts/http/unit-symbols-edit';
import { UNIT_KINDS } from '@argus/contracts/units';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, sendOver, signIn, type Client, type TestApp } from './support';

/** The symbol codes the maps drew before the table existed (docs/decisions/0030-unit-symbols.md). */
const SEEDED: UnitSymbols['unitKinds'] = [
  { kind: 'patrol', sidc: '10031000002000000000', label: 'Patrol' },
  { kind: 'fire', sidc: '10031000001410000000', label: 'Fire' },
  { kind: 'medical', sidc: '10031000001613000000', label: 'Medical' },
  { kind: 'rescue', sidc: '10031000001418000000', label: 'Rescue' },
  { kind: 'hazmat', sidc: '10031000001401000000', label: 'Hazmat' },
  { kind: 'command', sidc: '10031002001100000000', label: 'Command' },
  { kind: 'drone', sidc: '10031000001219000000', label: 'Drone' },
  { kind: 'other', sidc: '10031000000000000000', label: 'Other' },
];
const BORDER_PATROL = '10031000002002000000';
const ROTARY_WING = '10031000001206000000';

describe.each(TEST_DIALECTS)('unit symbols on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let published: OperationalEvent[];

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    admin = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Ada Symbol' })).email);
    published = [];
    t.services.events.listen((event) => published.push(event));
  });
  afterEach(() => t.close());

  const table = async (): Promise<UnitSymbolsResponse> => (await admin.request('GET', '/map/unit-symbols')).json();
  const withKind = (kind: string, change: object): UnitSymbols => ({
    unitKinds: SEEDED.map((entry) => (entry.kind === kind ? { ...entry, ...change } : entry)),
  });
  const refusal = async (body: unknown) => {
    const answer = await admin.request('PUT', '/map/unit-symbols', body);
    expect(answer.statusCode).toBe(400);
    return answer.json().error as { code: string; message: string; issues: { path: string; message: string }[] };
  };

  it('starts with the symbols the maps always drew, readable by every signed-in role', async () => {
    expect(await table()).toEqual({ unitKinds: SEEDED, updatedAt: null, updatedBy: null });
    for (const role of ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      const client = await signIn(t.app, (await createUser(t.services, { role })).email);
      const answer = await client.request('GET', '/map/unit-symbols');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().unitKinds).toEqual(SEEDED);
    }
    expect((await t.app.inject({ method: 'GET', url: '/map/unit-symbols' })).statusCode).toBe(401);
  });

  it('lets an administrator change a kind’s symbol and label: audited, announced to the maps, read back', async () => {
    const saved = await admin.request(
      'PUT',
      '/map/unit-symbols',
      withKind('patrol', { sidc: ` ${BORDER_PATROL} `, label: 'Border patrol' }),
    );
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as UnitSymbolsResponse;
    expect(body.unitKinds[0]).toEqual({ kind: 'patrol', sidc: BORDER_PATROL, label: 'Border patrol' });
    expect(body.unitKinds.slice(1)).toEqual(SEEDED.slice(1));
    expect(body).toMatchObject({ updatedBy: 'Ada Symbol', updatedAt: expect.any(Number) });
    expect(await table()).toEqual(body);

    const audit = await t.services.audit.latest(5, 'unit_symbols.update');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).toContain(BORDER_PATROL);
    expect(published.filter((event) => event.type === 'symbology.updated')).toEqual([
      // Its outbox row's id: stored with the save (docs/decisions/0070-every-event-through-the-outbox.md).
      { type: 'symbology.updated', channels: ['units'], data: body, id: expect.any(String) },
    ]);
  });

  it('refuses a code milsymbol cannot draw or a table missing a kind, naming the field, and keeps what was saved', async () => {
    const unknownFunction = await refusal(withKind('fire', { sidc: '10031000009999990000' }));
    expect(unknownFunction.code).toBe('validation_failed');
    expect(unknownFunction.issues).toContainEqual({
      path: 'unitKinds.1.sidc',
      message: 'No MIL-STD-2525D symbol has this code: check the symbol set (digits 5–6) and the function (digits 11–16).',
    });
    const short = await refusal(withKind('fire', { sidc: '1003100000141' }));
    expect(short.issues[0]).toEqual({ path: 'unitKinds.1.sidc', message: expect.stringContaining('20 digits') });
    // A letter-coded 2525C SIDC is not a 20-digit code, even though milsymbol could draw it.
    expect((await refusal(withKind('fire', { sidc: 'SFGPUCF----' }))).issues[0]!.message).toContain('20 digits');
    expect((await refusal(withKind('fire', { label: '  ' }))).issues[0]!.message).toBe('Give the symbol a label for the legend.');
    const missing = await refusal({ unitKinds: SEEDED.slice(1) });
    expect(missing.issues).toContainEqual({ path: 'unitKinds', message: expect.stringContaining('List each unit kind exactly once') });

    expect(await table()).toEqual({ unitKinds: SEEDED, updatedAt: null, updatedBy: null });
    expect(await t.services.audit.latest(5, 'unit_symbols.update')).toHaveLength(0);
    expect(published).toEqual([]);
  });

  it('lets only administrators change it', async () => {
    for (const role of ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      const client = await signIn(t.app, (await createUser(t.services, { role })).email);
      expect((await client.request('PUT', '/map/unit-symbols', withKind('drone', { sidc: ROTARY_WING }))).statusCode).toBe(403);
    }
    expect((await table()).unitKinds).toEqual(SEEDED);
  });

  it('gives a kind with no row the generic land unit, so every unit is still drawn', async () => {
    await t.services.db.kysely.deleteFrom('unit_kind_symbols').where('kind', '=', 'drone').execute();
    const drone = (await table()).unitKinds.find((entry) => entry.kind === 'drone');
    expect(drone).toEqual({ kind: 'drone', sidc: '10031000000000000000', label: 'Unit' });
    // Saving the whole table again brings the row back.
    expect((await admin.request('PUT', '/map/unit-symbols', { unitKinds: SEEDED })).statusCode).toBe(200);
    expect((await table()).unitKinds.map((entry) => entry.kind)).toEqual([...UNIT_KINDS]);
  });

  it('keeps one whole table when two administrators save at once against a listening server', async () => {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const other = await signIn(t.app, (await createUser(t.services, { role: 'Super_Admin' })).email);
    const put = (client: Client, body: UnitSymbols) => sendOver(baseUrl, client, 'PUT', '/map/unit-symbols', body);
    const first: UnitSymbols = { unitKinds: SEEDED.map((entry) => ({ ...entry, sidc: BORDER_PATROL, label: `${entry.label} A` })) };
    // The second lists the kinds backwards: rows are still written in one order, so neither waits on the other forever.
    const second: UnitSymbols = {
      unitKinds: [...SEEDED].reverse().map((entry) => ({ ...entry, sidc: ROTARY_WING, label: `${entry.label} B` })),
    };
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => put(index % 2 ? other : admin, index % 2 ? second : first).then((answer) => answer.status)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const kept = (await table()).unitKinds;
    const whole = [first, second].some((body) =>
      SEEDED.every((entry) =>
        kept.some(
          (row) =>
            row.kind === entry.kind && body.unitKinds.some((b) => b.kind === row.kind && b.sidc === row.sidc && b.label === row.label),
        ),
      ),
    );
    expect(whole).toBe(true);
    expect(new Set(kept.map((row) => row.sidc)).size).toBe(1);
    expect(await t.services.audit.latest(10, 'unit_symbols.update')).toHaveLength(6);
  });
});
