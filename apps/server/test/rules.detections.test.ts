import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { insertZone } from './rules-support';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('detections on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let commandId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({
      user: { id: commandId },
      client: command,
    } = await signInNewUser(t, 'Command_Admin'));
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
  });
  afterEach(() => t.close());

  const createCamera = async (lat: number, lon: number) => {
    const response = await command.request('POST', '/cameras', { name: `Gate ${lat},${lon}`, kind: 'camera', location: { lat, lon } });
    expect(response.statusCode).toBe(201);
    return response.json().camera as { id: string };
  };
  const frame = (cameraId: string, at: number, labels: [string, number][]) => ({
    cameraId,
    at,
    frame: { width: 768, height: 576 },
    detections: labels.map(([label, score]) => ({ label, score, box: { x: 0.4, y: 0.3, w: 0.1, h: 0.4 } })),
  });

  it('stores each frame, and a person on three consecutive frames inside a restricted zone raises one detection-tier alert', async () => {
    const zone = await insertZone(t.services, commandId, {
      lon: 10,
      lat: 10,
      size: 1,
      kind: 'restricted',
      riskLevel: 'elevated',
      name: 'Depot',
    });
    const camera = await createCamera(10.5, 10.5);
    const outside = await createCamera(20, 20);
    const now = t.clock.now();
    const first = await analyst.request(
      'POST',
      '/detections',
      frame(camera.id, now, [
        ['person', 0.8],
        ['car', 0.2],
      ]),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().detections).toMatchObject([
      { cameraId: camera.id, label: 'person', score: 0.8, box: { x: 0.4, y: 0.3, w: 0.1, h: 0.4 }, location: { lat: 10.5, lon: 10.5 } },
      { label: 'car' },
    ]);
    for (let i = 1; i <= 4; i++) await analyst.request('POST', '/detections', frame(camera.id, now + i * 250, [['person', 0.9]]));
    for (let i = 0; i <= 4; i++) await analyst.request('POST', '/detections', frame(outside.id, now + i * 250, [['person', 0.9]]));
    await t.services.threatEngine.idle();
    const alerts = (await command.request('GET', '/alerts?tier=detection')).json().alerts;
    expect(alerts).toMatchObject([
      { rule: 'detection.zone', tier: 'detection', zoneId: zone.id, title: `person seen by Gate 10.5,10.5 in Depot`, occurrences: 1 },
    ]);
    expect(alerts[0].sources.filter((source: { kind: string }) => source.kind === 'detection')).toHaveLength(1);
    expect(alerts[0].sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'camera', name: 'Gate 10.5,10.5' }),
        expect.objectContaining({ kind: 'detection', name: 'person' }),
        expect.objectContaining({ kind: 'zone', name: 'Depot' }),
      ]),
    );
    expect((await command.request('GET', '/alerts?tier=alert')).json().alerts).toEqual([]);
    const listed = (await analyst.request('GET', `/detections?cameraId=${camera.id}&label=person`)).json().detections;
    expect(listed).toHaveLength(5);
  });

  it('places each detection on the ground from its box and the camera’s heading, field of view and range', async () => {
    // The camera looks east; the restricted zone starts 330 m east of it and the camera stands outside it.
    const zone = await insertZone(t.services, commandId, {
      lon: 0.003,
      lat: -0.005,
      size: 0.01,
      kind: 'restricted',
      riskLevel: 'high',
      name: 'Yard',
    });
    const response = await command.request('POST', '/cameras', {
      name: 'East gate',
      kind: 'camera',
      location: { lat: 0, lon: 0 },
      heading: 90,
      fov: 60,
      rangeM: 1000,
    });
    const camera = response.json().camera as { id: string };
    const now = t.clock.now();
    const shot = (at: number, box: { x: number; y: number; w: number; h: number }) => ({
      cameraId: camera.id,
      at,
      frame: { width: 768, height: 576 },
      detections: [{ label: 'person', score: 0.9, box }],
    });
    // Feet at the bottom of the frame: 100 m out (a tenth of the range), short of the zone.
    const near = await analyst.request('POST', '/detections', shot(now, { x: 0.45, y: 0.6, w: 0.1, h: 0.4 }));
    expect(near.json().detections[0].location.lat).toBeCloseTo(0, 6);
    expect(near.json().detections[0].location.lon).toBeCloseTo(100 / 111_195, 5);
    for (let i = 1; i <= 4; i++) await analyst.request('POST', '/detections', shot(now + i * 250, { x: 0.45, y: 0.6, w: 0.1, h: 0.4 }));
    await t.services.threatEngine.idle();
    expect((await command.request('GET', '/alerts?tier=detection')).json().alerts).toEqual([]);
    // Feet near the top of the frame: about 530 m out, inside the zone.
    for (let i = 5; i <= 9; i++) await analyst.request('POST', '/detections', shot(now + i * 250, { x: 0.45, y: 0, w: 0.1, h: 0.1 }));
    await t.services.threatEngine.idle();
    const alerts = (await command.request('GET', '/alerts?tier=detection')).json().alerts;
    expect(alerts).toMatchObject([{ rule: 'detection.zone', zoneId: zone.id, title: 'person seen by East gate in Yard' }]);
    expect(alerts[0].location.lon).toBeCloseTo(526 / 111_195, 4);
  });

  it('answers bad frames with clear errors and stores nothing', async () => {
    const camera = await createCamera(1, 1);
    const now = t.clock.now();
    const unknown = await analyst.request('POST', '/detections', frame('no-such-camera', now, [['person', 0.5]]));
    expect(unknown.statusCode).toBe(404);
    const badBox = await analyst.request('POST', '/detections', {
      ...frame(camera.id, now, []),
      detections: [{ label: 'person', score: 0.5, box: { x: 1.5, y: 0, w: 0.1, h: 0.1 } }],
    });
    expect(badBox.statusCode).toBe(400);
    expect(badBox.json().error.message).toContain('box.x is between 0 and 1.');
    const future = await analyst.request('POST', '/detections', frame(camera.id, now + 10 * 60_000, [['person', 0.5]]));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toContain('in the future');
    await command.request('PATCH', `/cameras/${camera.id}`, { active: false });
    expect((await analyst.request('POST', '/detections', frame(camera.id, now, [['person', 0.5]]))).statusCode).toBe(409);
    expect((await analyst.request('GET', '/detections')).json().detections).toEqual([]);
    const civic = (await signInNewUser(t, 'Civic_Reporter')).client;
    expect((await civic.request('POST', '/detections', frame(camera.id, now, [['person', 0.5]]))).statusCode).toBe(403);
  });
});
