import { describe, expect, it } from 'vitest';
import { connectionState } from './connection-state';

const healthy = { status: 'ok' as const, version: '2.0.0', uptimeSeconds: 5, database: 'up' as const, time: 0 };

describe('connectionState', () => {
  it('is offline when the browser says so, whatever the last answer was', () => {
    expect(connectionState({ browserOnline: false, health: healthy, healthFailed: false })).toBe('offline');
  });

  it('is offline when the health check cannot reach the server', () => {
    expect(connectionState({ browserOnline: true, health: healthy, healthFailed: true })).toBe('offline');
  });

  it('is degraded when the server or its database reports trouble', () => {
    expect(connectionState({ browserOnline: true, health: { ...healthy, status: 'degraded' }, healthFailed: false })).toBe('degraded');
    expect(connectionState({ browserOnline: true, health: { ...healthy, database: 'down' }, healthFailed: false })).toBe('degraded');
  });

  it('is online when healthy, and checking before the first answer', () => {
    expect(connectionState({ browserOnline: true, health: healthy, healthFailed: false })).toBe('online');
    expect(connectionState({ browserOnline: true, health: undefined, healthFailed: false })).toBe('checking');
  });
});
