import type { HealthResponse } from '@argus/contracts/http/platform';

export type ConnectionState = 'checking' | 'online' | 'degraded' | 'offline';

export interface ConnectionInputs {
  browserOnline: boolean;
  health: HealthResponse | undefined;
  healthFailed: boolean;
}

/** The header's one-word answer to "can I rely on the server right now?". */
export function connectionState({ browserOnline, health, healthFailed }: ConnectionInputs): ConnectionState {
  if (!browserOnline || healthFailed) return 'offline';
  if (!health) return 'checking';
  if (health.status !== 'ok' || health.database !== 'up') return 'degraded';
  return 'online';
}

export const CONNECTION_LABELS: Record<ConnectionState, string> = {
  checking: 'Checking',
  online: 'Online',
  degraded: 'Degraded',
  offline: 'Offline',
};
