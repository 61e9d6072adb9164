import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DispatchCapabilities } from '@argus/contracts/http/dispatch-capabilities';
import { UNIT_KINDS } from '@argus/contracts/units';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('dispatch capabilities on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let field: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    field = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
  });
  afterEach(() => t.close());

  const table = async (): Promise<DispatchCapabilities> => {
    const { unitKinds, categories } = (await command.request('GET', '/dispatch/capabilities')).json();
    return { unitKinds, categories };
  };

  const refusal = async (body: unknown) => {
    const answer = await command.request('PUT', '/dispatch/capabilities', body);
    expect(answer.statusCode).toBe(400);
    return answer.json().error as { code: string; message: string; issues: { path: string; message: string }[] };
  };

  it('starts with sensible defaults: fire engines for fires, ambulances for medical calls, patrols for crime', async () => {
    const answer = await command.request('GET', '/dispatch/capabilities');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.unitKinds.map((entry: { kind: string }) => entry.kind)).toEqual([...UNIT_KINDS]);
    expect(body.unitKinds).toContainEqual({ kind: 'fire', capabilities: ['fire suppression', 'technical rescue'], speedKmh: 35 });
    expect(body.unitKinds).toContainEqual({ kind: 'medical', capabilities: ['medical care', 'patient transport'], speedKmh: 40 });
    expect(body.unitKinds).toContainEqual({ kind: 'patrol', capabilities: ['law enforcement', 'traffic control'], speedKmh: 45 });
    expect(body.unitKinds).toContainEqual({ kind: 'hazmat', capabilities: ['hazardous materials', 'decontamination'], speedKmh: 30 });
    expect(body.categories).toEqual(
      expect.arrayContaining([
        { category: 'fire', needs: ['fire suppression'] },
        { category: 'medical', needs: ['medical care'] },
        { category: 'crime', needs: ['law enforcement'] },
        { category: 'hazmat', needs: ['hazardous materials'] },
        { category: 'rescue', needs: ['technical rescue'] },
      ]),
    );
    expect(body).toMatchObject({ updatedAt: null, updatedBy: null });
  });

  it('lets an administrator replace the table, recorded with who did it', async () => {
    const current = await table();
    const next: DispatchCapabilities = {
      unitKinds: current.unitKinds.map((entry) =>
        entry.kind === 'patrol' ? { ...entry, capabilities: [...entry.capabilities, 'Fire Suppression'], speedKmh: 50 } : entry,
      ),
      categories: [{ category: ' Vehicle Fire ', needs: ['fire suppression', 'traffic control'] }, ...current.categories],
    };
    const saved = await command.request('PUT', '/dispatch/capabilities', next);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    // Names are stored trimmed and in lower case, so "Fire Suppression" is the fire engines' capability too.
    expect(body.unitKinds).toContainEqual({
      kind: 'patrol',
      capabilities: ['law enforcement', 'traffic control', 'fire suppression'],
      speedKmh: 50,
    });
    expect(body.categories[0]).toEqual({ category: 'vehicle fire', needs: ['fire suppression', 'traffic control'] });
    expect(body).toMatchObject({ updatedBy: 'Dana Reyes' });
    expect(body.updatedAt).toEqual(expect.any(Number));
    expect((await command.request('GET', '/dispatch/capabilities')).json()).toEqual(body);
    const audit = await t.services.audit.latest(5, 'dispatch_capabilities.update');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).toContain('vehicle fire');
  });

  it('refuses a table that could not work, naming the field, and keeps what was saved', async () => {
    const current = await table();
    const withKind = (kind: string, change: object) => ({
      ...current,
      unitKinds: current.unitKinds.map((entry) => (entry.kind === kind ? { ...entry, ...change } : entry)),
    });

    const slow = await refusal(withKind('fire', { speedKmh: 2 }));
    expect(slow.code).toBe('validation_failed');
    expect(slow.issues).toContainEqual({ path: 'unitKinds.1.speedKmh', message: 'Speed is 5 to 300 km/h.' });
    expect((await refusal(withKind('fire', { speedKmh: 30.5 }))).issues[0]!.message).toBe('Speed must be a whole number of km/h.');
    expect((await refusal(withKind('fire', { capabilities: ['a, b'] }))).issues[0]!.message).toContain('cannot hold a comma');
    expect((await refusal(withKind('fire', { capabilities: ['pump', 'Pump'] }))).issues[0]!.message).toBe('Name each capability once.');

    const missingKind = await refusal({ ...current, unitKinds: current.unitKinds.slice(1) });
    expect(missingKind.issues).toContainEqual({ path: 'unitKinds', message: expect.stringContaining('List each unit kind exactly once') });

    const unknownNeed = await refusal({ ...current, categories: [{ category: 'flood', needs: ['boats'] }] });
    expect(unknownNeed.issues).toContainEqual({
      path: 'categories.0.needs',
      message: 'No unit kind has “boats”: give it to a kind first.',
    });
    const twice = await refusal({
      ...current,
      categories: [
        { category: 'fire', needs: ['fire suppression'] },
        { category: 'FIRE', needs: ['technical rescue'] },
      ],
    });
    expect(twice.issues).toContainEqual({ path: 'categories.1.category', message: '“fire” is listed twice.' });
    expect((await refusal({ ...current, categories: [{ category: 'fire', needs: [] }] })).issues[0]!.message).toBe(
      'Choose at least one capability this category needs.',
    );
    // A need removed from the only kind that had it is refused too.
    const orphan = await refusal(withKind('hazmat', { capabilities: ['decontamination'] }));
    expect(orphan.issues[0]!.message).toContain('“hazardous materials”');

    expect(await table()).toEqual(current);
    expect(await t.services.audit.latest(5, 'dispatch_capabilities.update')).toHaveLength(0);
  });

  it('lets only command read it and only administrators change it', async () => {
    const current = await table();
    for (const client of [analyst, field]) {
      expect((await client.request('GET', '/dispatch/capabilities')).statusCode).toBe(403);
      const refused = await client.request('PUT', '/dispatch/capabilities', {
        ...current,
        unitKinds: current.unitKinds.map((entry) => ({ ...entry, speedKmh: 99 })),
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await table()).toEqual(current);
    expect((await t.app.inject({ method: 'GET', url: '/dispatch/capabilities' })).statusCode).toBe(401);
  });
});
