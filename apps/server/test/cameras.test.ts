import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAMERA_HEALTH } from '@argus/contracts/http/cameras';
import { TEST_DIALECTS } from './databases';
import { loadConfig } from '../src/config';
import { buildTestApp, expectRefusal, signInNewUser, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('cameras on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let field: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = (await signInNewUser(t, 'Command_Admin')).client;
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
    field = (await signInNewUser(t, 'Field_Unit')).client;
  });
  afterEach(() => t.close());

  const register = (body: Record<string, unknown> = {}) =>
    command.request('POST', '/cameras', {
      name: 'Gate North',
      kind: 'camera',
      location: { lat: 51.5, lon: -0.12 },
      heading: 90,
      fov: 60,
      rangeM: 120,
      ...body,
    });

  it('registers, lists, edits and deactivates cameras and sensors', async () => {
    const created = await register({ room: 'cam-gate-north', notes: 'On the pole by the gate.' });
    expect(created.statusCode).toBe(201);
    const camera = created.json().camera;
    expect(camera).toMatchObject({
      name: 'Gate North',
      kind: 'camera',
      location: { lat: 51.5, lon: -0.12 },
      heading: 90,
      fov: 60,
      rangeM: 120,
      room: 'cam-gate-north',
      status: 'offline',
      lastSeenAt: null,
      active: true,
      detection: { enabled: true, minScore: 0.35, classes: ['person', 'bicycle', 'car', 'motorcycle', 'bus', 'truck'] },
    });
    await register({ name: 'Acoustic 1', kind: 'sensor', heading: null, fov: null, rangeM: null });
    expect((await command.request('GET', '/cameras')).json().cameras.map((c: { name: string }) => c.name)).toEqual([
      'Acoustic 1',
      'Gate North',
    ]);
    expect((await command.request('GET', '/cameras?kind=sensor')).json().cameras.map((c: { name: string }) => c.name)).toEqual([
      'Acoustic 1',
    ]);

    const moved = await command.request('PATCH', `/cameras/${camera.id}`, {
      location: { lat: 51.6, lon: -0.1 },
      heading: 180,
      detection: { enabled: true, minScore: 0.5, classes: ['person'] },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().camera).toMatchObject({
      location: { lat: 51.6, lon: -0.1 },
      heading: 180,
      fov: 60,
      detection: { minScore: 0.5, classes: ['person'] },
    });
    expect((await command.request('GET', `/cameras/${camera.id}`)).json().camera.heading).toBe(180);

    expect((await command.request('PATCH', `/cameras/${camera.id}`, { active: false })).json().camera).toMatchObject({
      active: false,
      status: 'offline',
      statusReason: 'Deactivated.',
    });
    expect((await command.request('GET', '/cameras')).json().cameras.map((c: { name: string }) => c.name)).toEqual(['Acoustic 1']);
    expect((await command.request('GET', '/cameras?includeInactive=true')).json().cameras).toHaveLength(2);
    // A deactivated camera's name is free again, and its row is kept.
    expect((await register()).statusCode).toBe(201);
  });

  it('lets command manage, analysts read, and no one else in', async () => {
    const { id } = (await register()).json().camera;
    expect((await analyst.request('GET', '/cameras')).statusCode).toBe(200);
    expect((await analyst.request('GET', `/cameras/${id}`)).statusCode).toBe(200);
    expect((await analyst.request('POST', '/cameras', { name: 'X', kind: 'camera', location: { lat: 0, lon: 0 } })).statusCode).toBe(403);
    expect((await analyst.request('PATCH', `/cameras/${id}`, { name: 'Y' })).statusCode).toBe(403);
    expect((await analyst.request('POST', `/cameras/${id}/heartbeat`, {})).statusCode).toBe(403);
    expect((await field.request('GET', '/cameras')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/cameras' })).statusCode).toBe(401);
  });

  it('answers bad input with reasons a person understands', async () => {
    await expectRefusal(register({ location: { lat: 95, lon: 0 } }), 400, 'lat must be between -90 and 90.');
    await expectRefusal(register({ fov: 0 }), 400, 'fov is 1 to 360 degrees.');
    await expectRefusal(register({ kind: 'drone' }), 400, 'kind must be one of camera, sensor.');
    await expectRefusal(register({ room: 'room with spaces' }), 400, 'A stream room id uses letters');
    await expectRefusal(register({ detection: { enabled: true, minScore: 0.3, classes: ['teapot'] } }), 400, 'classes are among');
    await register();
    await expectRefusal(register(), 409, 'A camera or sensor named Gate North already exists.');
    await expectRefusal(command.request('PATCH', '/cameras/nope', { name: 'Z' }), 404, 'No such camera or sensor.');
    const { id } = (await register({ name: 'Other' })).json().camera;
    await expectRefusal(command.request('PATCH', `/cameras/${id}`, {}), 400, 'Send at least one field to change.');
    await expectRefusal(command.request('PATCH', `/cameras/${id}`, { name: 'Gate North' }), 409, 'already exists');
  });

  it('moves between online, degraded and offline by heartbeats, their measurements and the 30 s check', async () => {
    const { id } = (await register()).json().camera;
    const status = async () => (await command.request('GET', `/cameras/${id}`)).json().camera;
    expect((await status()).statusReason).toContain('Never seen');

    const beat = await command.request('POST', `/cameras/${id}/heartbeat`, { fps: 12, packetLoss: 0 });
    expect(beat.json().camera).toMatchObject({ status: 'online', lastSeenAt: t.clock.now(), lastFps: 12 });

    // Late: no word for just over a minute, found by the periodic check.
    t.clock.advance(CAMERA_HEALTH.onlineWithinMs + 1000);
    expect((await status()).status).toBe('online');
    const changed = await t.services.cameras.checkHealth();
    expect(changed.map((row) => row.id)).toEqual([id]);
    expect(await status()).toMatchObject({ status: 'degraded', statusReason: 'Late: last seen 61 s ago.' });

    t.clock.advance(CAMERA_HEALTH.degradedWithinMs);
    await t.services.cameras.checkHealth();
    expect((await status()).status).toBe('offline');
    // Nothing changed since: the next check writes nothing.
    expect(await t.services.cameras.checkHealth()).toEqual([]);

    // Alive but poor: low frame rate, then heavy loss.
    expect((await command.request('POST', `/cameras/${id}/heartbeat`, { fps: 2 })).json().camera).toMatchObject({
      status: 'degraded',
      statusReason: 'Feed at 2.0 fps (below 5).',
    });
    expect((await command.request('POST', `/cameras/${id}/heartbeat`, { fps: 25, packetLoss: 0.2 })).json().camera).toMatchObject({
      status: 'degraded',
      statusReason: 'Feed losing 20.0% of packets.',
    });
    expect((await command.request('POST', `/cameras/${id}/heartbeat`, { fps: 25, packetLoss: 0.01 })).json().camera.status).toBe('online');

    // A detection counts as hearing from the camera.
    t.clock.advance(CAMERA_HEALTH.degradedWithinMs + 1000);
    await t.services.cameras.checkHealth();
    expect((await status()).status).toBe('offline');
    await t.services.cameras.markSeen(id, t.clock.now() - 500);
    expect((await status()).status).toBe('online');

    // A live publisher in its stream room keeps it online with no heartbeat; a poor stream makes it degraded.
    await command.request('PATCH', `/cameras/${id}`, { room: 'cam-gate' });
    let feed = { fps: 25, packetLoss: 0 };
    t.services.cameras.useLiveRooms({ snapshot: async () => new Map([['cam-gate', feed]]) });
    t.clock.advance(CAMERA_HEALTH.degradedWithinMs + 1000);
    await t.services.cameras.checkHealth();
    expect(await status()).toMatchObject({ status: 'online', statusReason: 'Its stream room has a live publisher.' });
    feed = { fps: 3, packetLoss: 0 };
    await t.services.cameras.checkHealth();
    expect(await status()).toMatchObject({ status: 'degraded', statusReason: 'Its stream: Feed at 3.0 fps (below 5).' });
    t.services.cameras.useLiveRooms({ snapshot: async () => new Map() });
    await t.services.cameras.checkHealth();
    expect((await status()).status).toBe('offline');

    await command.request('PATCH', `/cameras/${id}`, { active: false });
    expect((await command.request('POST', `/cameras/${id}/heartbeat`, {})).statusCode).toBe(409);
  });
});

describe('the detector setting', () => {
  it('names the model the surveillance page loads, defaulting to the shipped CenterNet, and refuses models it cannot read', async () => {
    const t = await buildTestApp(TEST_DIALECTS[0]!, { DETECTION_MODEL_URL: '/models/site/nanodet-m.json' });
    try {
      const command = (await signInNewUser(t, 'Command_Admin')).client;
      expect((await command.request('GET', '/cameras/detector')).json()).toEqual({
        modelUrl: '/models/site/nanodet-m.json',
        wasmPath: '/detection/',
      });
    } finally {
      await t.close();
    }
    expect(loadConfig({ NODE_ENV: 'test' }).detectionModelUrl).toBe('/detection/centernet.json');
    expect(() => loadConfig({ NODE_ENV: 'test', DETECTION_MODEL_URL: 'https://cdn.example/centernet.json' })).toThrow(
      /must be a path on this server/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', DETECTION_MODEL_URL: '/models/yolo.json' })).toThrow(/centernet.*nanodet/);
  });

  it('allows WebAssembly compilation only on the surveillance page and the detector worker', async () => {
    const t = await buildTestApp(TEST_DIALECTS[0]!);
    try {
      const csp = async (url: string) => String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(await csp('/surveillance-network')).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(await csp('/assets/detector.worker-AbC_12-x.js')).toContain("'wasm-unsafe-eval'");
      expect(await csp('/command')).toContain("script-src 'self';");
      expect(await csp('/surveillance-network-x')).not.toContain('wasm-unsafe-eval');
      expect(await csp('/assets/other-AbC.js')).not.toContain('wasm-unsafe-eval');
    } finally {
      await t.close();
    }
  });
});
