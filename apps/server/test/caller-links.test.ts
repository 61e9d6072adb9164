import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLER_LIVE_MAX_MINUTES, CALLER_POSITION_MIN_INTERVAL_MS } from '@argus/contracts/http/caller-links';
import type { OperationalEvent } from '../src/realtime/events';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, cookiesOf, createUser, signIn, type Client, type TestApp } from './support';

const MINUTE = 60_000;
const HERE = { lat: 51.501, lon: -0.141, accuracy: 12, mode: 'once' as const };

/** Caller location links: made by command or analysts, used once by one phone with no account. */
describe.each(TEST_DIALECTS)('caller location links on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let crew: Client;
  let civic: Client;
  let incidentId: string;
  let published: OperationalEvent[];

  /** A phone with no account: it holds only the cookie the server gave it, if any. */
  const phone = () => {
    let cookies: Record<string, string> = {};
    return {
      get: (token: string) => t.app.inject({ method: 'GET', url: `/caller/${token}`, cookies }),
      share: async (token: string, body: object = HERE) => {
        const response = await t.app.inject({ method: 'POST', url: `/caller/${token}/position`, payload: body, cookies });
        cookies = { ...cookies, ...cookiesOf(response) };
        return response;
      },
    };
  };
  const makeLink = async (client: Client = command, body: object = {}) => {
    const response = await client.request('POST', `/incidents/${incidentId}/caller-links`, body);
    expect(response.statusCode).toBe(201);
    const { link, path } = response.json() as { link: { id: string }; path: string };
    return { id: link.id, token: path.slice('/l/'.length), path };
  };
  const links = async () => (await command.request('GET', `/incidents/${incidentId}/caller-links`)).json().links;
  const timeline = async () => (await command.request('GET', `/incidents/${incidentId}/timeline`)).json().entries as { kind: string }[];

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Dispatcher' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    crew = await signIn(t.app, (await createUser(t.services, { role: 'Field_Unit' })).email);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    const opened = await command.request('POST', '/incidents', {
      title: 'Caller trapped',
      category: 'rescue',
      severity: 'high',
      location: { lat: 51.5, lon: -0.14 },
    });
    incidentId = opened.json().incident.id;
    published = [];
    t.services.events.listen((event) => published.push(event));
  });
  afterEach(() => t.close());

  it('shares a position once, which command sees on the incident with its accuracy, live and on its timeline', async () => {
    const { token, path } = await makeLink();
    expect(path).toMatch(/^\/l\/[A-Za-z0-9_-]{43}$/);
    const caller = phone();
    expect((await caller.get(token)).json()).toMatchObject({ state: 'waiting', liveUntil: null, liveMaxMinutes: CALLER_LIVE_MAX_MINUTES });

    const shared = await caller.share(token);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().state).toBe('shared');
    expect(shared.cookies[0]).toMatchObject({ name: 'argus_caller', httpOnly: true, path: `/caller/${token}` });

    const [link] = await links();
    expect(link).toMatchObject({ state: 'shared', position: { lat: HERE.lat, lon: HERE.lon, accuracy: 12 } });
    const event = published.find((e) => e.type === 'caller.updated' && e.data.position !== null);
    expect(event?.channels).toEqual(['incidents']);
    expect(event?.data).toMatchObject({ incidentId, position: { accuracy: 12 } });
    expect((await timeline()).map((entry) => entry.kind)).toEqual(['incident.created', 'caller.link_created', 'caller.located']);
    const located = (await command.request('GET', '/caller-links/located')).json().links;
    expect(located).toMatchObject([{ incidentId, position: { accuracy: 12 } }]);
    expect((await crew.request('GET', '/caller-links/located')).statusCode).toBe(403);
  });

  it('shares live for at most 30 minutes, one timeline entry for the start, then refuses live but not once', async () => {
    const { token } = await makeLink(analyst, { expiresInMinutes: 120 });
    const caller = phone();
    expect((await caller.share(token, { ...HERE, mode: 'live' })).json().state).toBe('live');
    t.clock.advance(CALLER_POSITION_MIN_INTERVAL_MS);
    const moved = await caller.share(token, { ...HERE, lat: 51.502, accuracy: 8, mode: 'live' });
    expect(moved.statusCode).toBe(200);
    expect((await links())[0]).toMatchObject({ state: 'live', position: { lat: 51.502, accuracy: 8 } });
    expect((await timeline()).filter((entry) => entry.kind === 'caller.located')).toHaveLength(1);

    t.clock.advance(CALLER_LIVE_MAX_MINUTES * MINUTE);
    const late = await caller.share(token, { ...HERE, mode: 'live' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/Live sharing lasts at most 30 minutes/);
    expect((await caller.share(token, { ...HERE, mode: 'once' })).statusCode).toBe(200);
  });

  it('expires: refused after the opening window with a clear message, and the position is unchanged', async () => {
    const { token } = await makeLink(command, { expiresInMinutes: 5 });
    t.clock.advance(5 * MINUTE);
    const caller = phone();
    expect((await caller.get(token)).json().state).toBe('expired');
    const refused = await caller.share(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/has expired/);
    expect((await links())[0]).toMatchObject({ state: 'expired', position: null });
  });

  it('bounds how long a link stays open', async () => {
    for (const expiresInMinutes of [4, 241, 30.5]) {
      const response = await command.request('POST', `/incidents/${incidentId}/caller-links`, { expiresInMinutes });
      expect(response.statusCode).toBe(400);
    }
    expect(await links()).toEqual([]);
    const made = (await command.request('POST', `/incidents/${incidentId}/caller-links`, {})).json().link;
    expect(made.expiresAt - made.createdAt).toBe(60 * MINUTE);
  });

  it('revokes: the caller is refused with a clear message, and a second revoke is a conflict', async () => {
    const { id, token } = await makeLink();
    const caller = phone();
    await caller.share(token, { ...HERE, mode: 'live' });
    const revoked = await analyst.request('POST', `/incidents/${incidentId}/caller-links/${id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().link.state).toBe('revoked');
    t.clock.advance(CALLER_POSITION_MIN_INTERVAL_MS);
    const refused = await caller.share(token, { ...HERE, lat: 51.6, mode: 'live' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/no longer works: it was withdrawn/);
    expect((await caller.get(token)).json().state).toBe('revoked');
    expect((await links())[0].position.lat).toBe(HERE.lat);
    expect((await command.request('POST', `/incidents/${incidentId}/caller-links/${id}/revoke`)).statusCode).toBe(409);
    expect((await timeline()).map((entry) => entry.kind)).toContain('caller.link_revoked');
  });

  it('answers 404 for a wrong token and for a link of another incident, changing nothing', async () => {
    const { id } = await makeLink();
    const wrong = 'A'.repeat(43);
    expect((await phone().get(wrong)).statusCode).toBe(404);
    const refused = await phone().share(wrong);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toMatch(/does not work/);
    expect((await phone().share('short')).statusCode).toBe(400);

    const other = (
      await command.request('POST', '/incidents', { title: 'Other', category: 'fire', severity: 'low', location: { lat: 1, lon: 1 } })
    ).json().incident.id;
    expect((await command.request('POST', `/incidents/${other}/caller-links/${id}/revoke`)).statusCode).toBe(404);
    expect((await links())[0].state).toBe('waiting');
  });

  it('is single-caller: a second phone is refused once the first has shared', async () => {
    const { token } = await makeLink();
    const first = phone();
    const second = phone();
    expect((await first.share(token)).statusCode).toBe(200);
    t.clock.advance(CALLER_POSITION_MIN_INTERVAL_MS);
    const refused = await second.share(token, { ...HERE, lat: 40 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/another phone/);
    expect((await second.get(token)).statusCode).toBe(409);
    expect((await first.get(token)).statusCode).toBe(200);
    expect((await links())[0].position.lat).toBe(HERE.lat);
  });

  it('requires accuracy, refuses positions sent too often, and changes nothing when it refuses', async () => {
    const { token } = await makeLink();
    const caller = phone();
    const missing = await caller.share(token, { lat: 51.5, lon: -0.1, mode: 'once' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/accuracy/);
    expect((await caller.share(token, { ...HERE, accuracy: 50_000 })).statusCode).toBe(400);
    expect((await links())[0].position).toBeNull();

    await caller.share(token);
    const tooSoon = await caller.share(token, { ...HERE, lat: 51.7 });
    expect(tooSoon.statusCode).toBe(429);
    expect((await links())[0].position.lat).toBe(HERE.lat);
  });

  it('lets only command and analysts make, list and revoke links, and only for open incidents', async () => {
    const { id, token } = await makeLink();
    for (const client of [crew, civic]) {
      expect((await client.request('POST', `/incidents/${incidentId}/caller-links`, {})).statusCode).toBe(403);
      expect((await client.request('GET', `/incidents/${incidentId}/caller-links`)).statusCode).toBe(403);
      expect((await client.request('POST', `/incidents/${incidentId}/caller-links/${id}/revoke`)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/incidents/${incidentId}/caller-links` });
    expect(anonymous.statusCode).toBe(401);
    expect((await links())[0].state).toBe('waiting');
    expect((await command.request('POST', `/incidents/${crypto.randomUUID()}/caller-links`, {})).statusCode).toBe(404);

    await command.request('PATCH', `/incidents/${incidentId}`, {
      status: 'resolved',
      disposition: { code: 'false_alarm', summary: 'Caller found safe.' },
    });
    t.clock.advance(CALLER_POSITION_MIN_INTERVAL_MS);
    const late = await phone().share(token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/closed this case/);
    expect((await links())[0].position).toBeNull();
    const closed = await command.request('POST', `/incidents/${incidentId}/caller-links`, {});
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('A resolved or closed incident cannot get a caller location link.');
    expect(await links()).toHaveLength(1);
  });
});
