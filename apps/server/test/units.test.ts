import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('units on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let crew: Client;
  let other: Client;
  let crewId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    crewId = member.id;
    crew = await signIn(t.app, member.email);
    other = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
  });
  afterEach(() => t.close());

  const createUnit = (body: Record<string, unknown> = {}) =>
    command.request('POST', '/units', { callsign: 'ALPHA-1', kind: 'patrol', members: [crewId], ...body });

  it('adds a crew member to a unit once, however often asked (the demo gives older units their simulated crew)', async () => {
    const unit = (await createUnit({ callsign: 'BRAVO-2', members: [] })).json().unit;
    expect((await crew.request('GET', '/units')).json().units).toEqual([]);
    await t.services.unitsRepository.addMember(unit.id, crewId);
    await t.services.unitsRepository.addMember(unit.id, crewId);
    expect((await t.services.unitsRepository.find(unit.id))!.members).toEqual([crewId]);
    expect((await crew.request('GET', '/units')).json().units.map((item: { id: string }) => item.id)).toEqual([unit.id]);
  });

  it('takes many position reports at once, each answered on its own, and a repeated clientId once', async () => {
    const unit = (await createUnit()).json().unit;
    const stranger = (await createUnit({ callsign: 'ZULU-9', members: [] })).json().unit;
    const reports = Array.from({ length: 30 }, (_, index) => ({
      clientId: randomUUID(),
      location: { lat: 1 + index / 100, lon: 2 },
      at: t.clock.now() - 30_000 + index * 1000,
    }));
    const answers = await Promise.all([
      ...reports.map((body) => crew.request('POST', `/units/${unit.id}/position`, body)),
      crew.request('POST', `/units/${stranger.id}/position`, { clientId: randomUUID(), location: { lat: 0, lon: 0 } }),
    ]);
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers[30]!.statusCode).toBe(403);
    const positionOf = async () =>
      (await command.request('GET', '/units')).json().units.find((candidate: { id: string }) => candidate.id === unit.id).position;
    // The newest fix wins whatever order the reports were committed in.
    expect(await positionOf()).toMatchObject({ location: { lat: 1.29, lon: 2 }, at: t.clock.now() - 1000 });

    // An outbox flushed again after its answers were lost: every report comes back at once, each
    // with a newer time and another place that would move the unit, were it acted on twice.
    const moved: unknown[] = [];
    t.services.events.listen((event) => event.type === 'unit.position' && moved.push(event));
    const retries = await Promise.all(
      reports.map((body) =>
        crew.request('POST', `/units/${unit.id}/position`, { ...body, location: { lat: 50, lon: 50 }, at: t.clock.now() }),
      ),
    );
    expect(retries.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(moved).toEqual([]);
    expect(await positionOf()).toMatchObject({ location: { lat: 1.29, lon: 2 }, at: t.clock.now() - 1000 });
  });

  it('takes a fleet’s positions in one request, answering each on its own and refusing what it must', async () => {
    const alpha = (await createUnit()).json().unit;
    const bravo = (await createUnit({ callsign: 'BRAVO-2', members: [] })).json().unit;
    const fix = (unitId: string, lat: number) => ({ unitId, clientId: randomUUID(), location: { lat, lon: 2 }, heading: 90, speed: 4 });
    const batch = [fix(alpha.id, 10), fix(bravo.id, 20), fix('no-such-unit', 30)];
    const answer = await command.request('POST', '/units/positions', { positions: batch });
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json();
    expect(results.map((result: { ok: boolean }) => result.ok)).toEqual([true, true, false]);
    expect(results[0]).toMatchObject({
      unitId: alpha.id,
      clientId: batch[0]!.clientId,
      unit: { position: { location: { lat: 10, lon: 2 } } },
    });
    expect(results[2]).toMatchObject({ unitId: 'no-such-unit', error: { code: 'not_found' } });

    // The same batch again (a gateway retrying after a lost answer) moves nobody twice.
    const again = await command.request('POST', '/units/positions', {
      positions: batch.map((item) => ({ ...item, location: { lat: 0, lon: 0 } })),
    });
    expect(again.json().results[1]).toMatchObject({ ok: true, unit: { position: { location: { lat: 20, lon: 2 } } } });

    // A crew speaks only for its own unit: the other position is refused, its own is kept.
    t.clock.advance(1000);
    const mixed = await crew.request('POST', '/units/positions', { positions: [fix(alpha.id, 11), fix(bravo.id, 21)] });
    expect(mixed.json().results.map((result: { ok: boolean; error?: { code: string } }) => result.error?.code ?? 'ok')).toEqual([
      'ok',
      'forbidden',
    ]);

    // A malformed batch is refused whole, with the reason, and changes nothing.
    for (const body of [
      { positions: [] },
      { positions: [{ ...fix(alpha.id, 99), location: { lat: 99, lon: 2 } }] },
      { positions: 'all' },
    ]) {
      const refused = await command.request('POST', '/units/positions', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toEqual(expect.any(String));
    }
    const tooMany = Array.from({ length: 501 }, () => fix(alpha.id, 12));
    expect((await command.request('POST', '/units/positions', { positions: tooMany })).json().error.message).toContain('At most 500');
    const units = (await command.request('GET', '/units')).json().units;
    expect(units.find((unit: { id: string }) => unit.id === alpha.id).position.location).toEqual({ lat: 11, lon: 2 });
  });

  it('filters by status, kind, place and emergency, and pages by callsign', async () => {
    const alpha = (await createUnit()).json().unit;
    const bravo = (await createUnit({ callsign: 'BRAVO-2', kind: 'medical', members: [] })).json().unit;
    await createUnit({ callsign: 'CHARLIE-3', members: [] });
    await command.request('POST', `/units/${alpha.id}/position`, { clientId: randomUUID(), location: { lat: 10, lon: 10 } });
    await command.request('POST', `/units/${bravo.id}/status`, { clientId: randomUUID(), status: 'out_of_service' });
    await crew.request('POST', `/units/${alpha.id}/sos`, { clientId: randomUUID() });
    const callsigns = async (query: string) =>
      (await command.request('GET', `/units?${query}`)).json().units.map((unit: { callsign: string }) => unit.callsign);
    expect(await callsigns('status=available')).toEqual(['ALPHA-1', 'CHARLIE-3']);
    expect(await callsigns('kind=medical')).toEqual(['BRAVO-2']);
    expect(await callsigns('bbox=9,9,11,11')).toEqual(['ALPHA-1']);
    expect(await callsigns('emergency=true')).toEqual(['ALPHA-1']);
    const first = (await command.request('GET', '/units?limit=2')).json();
    expect(first.nextCursor).toBe('BRAVO-2');
    expect(await callsigns(`limit=2&after=${first.nextCursor}`)).toEqual(['CHARLIE-3']);
    expect((await command.request('GET', '/units?status=parked')).statusCode).toBe(400);
  });

  it('is created by command with its crew, and a field unit sees only the units it crews', async () => {
    const created = await createUnit();
    expect(created.statusCode).toBe(201);
    expect(created.json().unit).toMatchObject({ callsign: 'ALPHA-1', status: 'available', members: [crewId], position: null });
    await createUnit({ callsign: 'BRAVO-2', members: [] });
    expect((await command.request('GET', '/units')).json().units.map((unit: { callsign: string }) => unit.callsign)).toEqual([
      'ALPHA-1',
      'BRAVO-2',
    ]);
    expect((await crew.request('GET', '/units')).json().units.map((unit: { callsign: string }) => unit.callsign)).toEqual(['ALPHA-1']);
    expect((await other.request('GET', '/units')).json().units).toEqual([]);
    expect((await crew.request('POST', '/units', { callsign: 'X', kind: 'patrol' })).statusCode).toBe(403);
  });

  it('refuses a duplicate callsign, unknown members and non-field crews, saying why', async () => {
    await createUnit();
    expect((await createUnit()).json().error).toMatchObject({ code: 'conflict', message: 'A unit with callsign ALPHA-1 already exists.' });
    expect((await createUnit({ callsign: 'C', members: ['nobody'] })).json().error.message).toBe('No user with id nobody.');
    const analyst = await createUser(t.services, { role: 'Intelligence_Analyst' });
    expect((await createUnit({ callsign: 'D', members: [analyst.id] })).json().error.message).toBe(
      'Only Field_Unit accounts can crew a unit.',
    );
  });

  it('takes status and position from its crew once per clientId, and never from others', async () => {
    const { id } = (await createUnit()).json().unit;
    const statusAction = { clientId: randomUUID(), status: 'en_route' };
    expect((await crew.request('POST', `/units/${id}/status`, statusAction)).json().unit.status).toBe('en_route');
    await command.request('POST', `/units/${id}/status`, { clientId: randomUUID(), status: 'on_scene' });
    // The crew's retry of the same action (its answer was lost) changes nothing.
    expect((await crew.request('POST', `/units/${id}/status`, statusAction)).json().unit.status).toBe('on_scene');
    const reused = await crew.request('POST', `/units/${id}/position`, { clientId: statusAction.clientId, location: { lat: 1, lon: 2 } });
    expect(reused.statusCode).toBe(409);

    const fix = {
      clientId: randomUUID(),
      location: { lat: 51.5, lon: -0.12, accuracy: 8 },
      heading: 90,
      speed: 12.5,
      at: t.clock.now() - 1000,
    };
    expect((await crew.request('POST', `/units/${id}/position`, fix)).json().unit.position).toMatchObject({
      location: fix.location,
      heading: 90,
      speed: 12.5,
      at: fix.at,
    });
    // A fix from before the one held (an outbox flushed late) does not move the unit back.
    const stale = { clientId: randomUUID(), location: { lat: 40, lon: 40 }, at: fix.at - 60_000 };
    expect((await crew.request('POST', `/units/${id}/position`, stale)).json().unit.position.location).toEqual(fix.location);

    expect((await other.request('POST', `/units/${id}/status`, { clientId: randomUUID(), status: 'offline' })).json().error).toMatchObject({
      code: 'forbidden',
      message: 'This is not your unit.',
    });
    const bad = await crew.request('POST', `/units/${id}/status`, { clientId: 'not-a-uuid', status: 'asleep' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('clientId must be a UUID made on the device.');
  });
});
