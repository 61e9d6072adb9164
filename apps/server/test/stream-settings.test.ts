import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_DEFAULTS } from '@argus/contracts/http/stream-settings';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, expectRefusal, signIn, signInNewUser, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('stream settings on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let field: Client;
  let analyst: Client;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    field = (await signInNewUser(t, 'Field_Unit')).client;
    analyst = (await signInNewUser(t, 'Intelligence_Analyst')).client;
  });
  afterEach(() => t.close());

  it('keeps each user their own publishing defaults', async () => {
    expect((await field.request('GET', '/stream-settings/me')).json()).toEqual({ defaults: DEFAULT_STREAM_DEFAULTS, updatedAt: null });
    const changed = await field.request('PATCH', '/stream-settings/me', { resolution: '480p', frameRate: 24, codec: 'H264' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().defaults).toEqual({ ...DEFAULT_STREAM_DEFAULTS, resolution: '480p', frameRate: 24, codec: 'H264' });
    await field.request('PATCH', '/stream-settings/me', { bitrateKbps: 800 });
    expect((await field.request('GET', '/stream-settings/me')).json().defaults).toEqual({
      resolution: '480p',
      frameRate: 24,
      bitrateKbps: 800,
      codec: 'H264',
    });
    // Another user's defaults are untouched.
    expect((await command.request('GET', '/stream-settings/me')).json().defaults).toEqual(DEFAULT_STREAM_DEFAULTS);
  });

  it('answers bad defaults with reasons and keeps what was saved', async () => {
    await field.request('PATCH', '/stream-settings/me', { bitrateKbps: 900 });
    await expectRefusal(
      field.request('PATCH', '/stream-settings/me', { resolution: '4k' }),
      400,
      'Resolution must be one of 360p, 480p, 720p, 1080p.',
    );
    await expectRefusal(
      field.request('PATCH', '/stream-settings/me', { frameRate: 25 }),
      400,
      'Frame rate must be one of 15, 24, 30, 60 fps.',
    );
    await expectRefusal(field.request('PATCH', '/stream-settings/me', { bitrateKbps: 50 }), 400, 'Bitrate is 100 to 8000 kbit/s.');
    await expectRefusal(field.request('PATCH', '/stream-settings/me', { codec: 'AV1' }), 400, 'Codec must be one of auto, H264, VP8.');
    await expectRefusal(field.request('PATCH', '/stream-settings/me', {}), 400, 'Send at least one setting to change.');
    expect((await field.request('GET', '/stream-settings/me')).json().defaults.bitrateKbps).toBe(900);
  });

  it('lets administrators set ICE servers and retention, which replace the configuration until cleared', async () => {
    t.services.streamSettings.useConfiguredIceServers([{ urls: ['stun:configured.example:3478'] }]);
    const initial = (await command.request('GET', '/stream-settings/platform')).json();
    expect(initial).toMatchObject({
      settings: { iceServers: null, recordingRetentionDays: 90 },
      effectiveIceServers: [{ urls: ['stun:configured.example:3478'] }],
      updatedBy: null,
    });

    const turn = { urls: ['turn:turn.example:3478?transport=udp'], username: 'argus', credential: 'secret-1' };
    const saved = await command.request('PATCH', '/stream-settings/platform', {
      iceServers: [{ urls: ['stun:stun.example:3478'] }, turn],
      recordingRetentionDays: 30,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ settings: { recordingRetentionDays: 30 }, updatedBy: 'Dana Reyes' });
    expect(await t.services.streamSettings.iceServers()).toEqual([{ urls: ['stun:stun.example:3478'] }, turn]);

    // Changing only the retention keeps the servers.
    await command.request('PATCH', '/stream-settings/platform', { recordingRetentionDays: 60 });
    expect(await t.services.streamSettings.iceServers()).toHaveLength(2);

    // An empty list means "no ICE servers" (host candidates only), null means the configuration again.
    await command.request('PATCH', '/stream-settings/platform', { iceServers: [] });
    expect(await t.services.streamSettings.iceServers()).toEqual([]);
    await command.request('PATCH', '/stream-settings/platform', { iceServers: null });
    expect(await t.services.streamSettings.iceServers()).toEqual([{ urls: ['stun:configured.example:3478'] }]);

    const audit = await t.services.audit.latest(10, 'stream_settings.update');
    expect(audit).toHaveLength(4);
    expect(JSON.stringify(audit)).toContain('turn:turn.example:3478?transport=udp');
    expect(JSON.stringify(audit)).not.toContain('secret-1');
  });

  it('refuses ICE servers that could not work, saying why', async () => {
    await expectRefusal(
      command.request('PATCH', '/stream-settings/platform', { iceServers: [{ urls: ['http://stun.example'] }] }),
      400,
      'starts with stun:, turn: or turns:',
    );
    await expectRefusal(
      command.request('PATCH', '/stream-settings/platform', { iceServers: [{ urls: ['turn:turn.example:3478'] }] }),
      400,
      'A TURN server needs a username and a credential.',
    );
    await expectRefusal(command.request('PATCH', '/stream-settings/platform', { iceServers: [{ urls: [] }] }), 400, 'at least one address');
    await expectRefusal(
      command.request('PATCH', '/stream-settings/platform', { recordingRetentionDays: 0 }),
      400,
      'recordingRetentionDays is 1 to 3650.',
    );
    expect((await command.request('GET', '/stream-settings/platform')).json().settings.recordingRetentionDays).toBe(90);
  });

  it('keeps platform settings to administrators and defaults to publishers', async () => {
    expect((await field.request('GET', '/stream-settings/platform')).statusCode).toBe(403);
    expect((await field.request('PATCH', '/stream-settings/platform', { recordingRetentionDays: 5 })).statusCode).toBe(403);
    expect((await analyst.request('GET', '/stream-settings/me')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/stream-settings/me' })).statusCode).toBe(401);
  });
});
