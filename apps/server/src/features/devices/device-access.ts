import { DEVICE_REFUSALS, type DeviceKind } from '@argus/contracts/http/devices';
import { AppError } from '../../lib/app-error';

/**
 * What a device session may call (docs/decisions/0051-device-sessions-and-retention.md), the one
 * place this is written. Routes are named as Fastify declares them (method and URL pattern).
 *
 * Both kinds keep their session answering (`/auth/me`, keepalive, sign-out). A wall display
 * reads — every GET its role may make, the realtime socket included — except accounts, the audit
 * log, devices and the token API, which a screen on a wall has no reason to show, and the video
 * SDK token, a GET that joins command's room and may hand out a publishing token. A tracker
 * sends its unit's positions, reads its unit (to know what to report for) and nothing else.
 */
const SESSION_UPKEEP = new Set(['GET /auth/me', 'POST /auth/keepalive', 'POST /auth/logout']);
const WALL_DISPLAY_HIDDEN_PREFIXES = ['/users', '/audit', '/devices', '/auth/v1', '/videosdk'];
const TRACKER_CALLS = new Set(['GET /units', 'POST /units/:id/position', 'POST /units/positions']);

function deviceMayCall(kind: DeviceKind, method: string, url: string): boolean {
  const call = `${method} ${url}`;
  if (SESSION_UPKEEP.has(call)) return true;
  if (kind === 'tracker') return TRACKER_CALLS.has(call);
  return (
    (method === 'GET' || method === 'HEAD') &&
    !WALL_DISPLAY_HIDDEN_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))
  );
}

/** Refuses, with a message that names the device's kind, a call its kind may not make. */
export function enforceDeviceAccess(kind: DeviceKind, method: string, url: string): void {
  if (!deviceMayCall(kind, method, url)) throw new AppError('device_not_allowed', DEVICE_REFUSALS[kind]);
}
