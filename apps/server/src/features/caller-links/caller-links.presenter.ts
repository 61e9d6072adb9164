import { CALLER_LIVE_MAX_MINUTES, type CallerLink, type CallerLinkState, type CallerLinkStatus } from '@argus/contracts/http/caller-links';
import type { CallerLinkRow } from './caller-links.repository';

/** The last moment a link accepts a position: its opening window, or a live share begun inside it. */
export function usableUntil(row: CallerLinkRow): number {
  return Math.max(row.expires_at, row.live_until ?? 0);
}

/** Where a link stands at `now`: revoked and expired first, since they end everything else. */
export function callerLinkState(row: CallerLinkRow, now: number): CallerLinkState {
  if (row.revoked_at !== null) return 'revoked';
  if (now >= usableUntil(row)) return 'expired';
  if (row.live_until !== null && now < row.live_until) return 'live';
  return row.located_at !== null ? 'shared' : 'waiting';
}

/** A link as command and analysts see it: never its token or the caller's key. */
export function presentCallerLink(row: CallerLinkRow, now: number): CallerLink {
  return {
    id: row.id,
    incidentId: row.incident_id,
    state: callerLinkState(row, now),
    createdAt: row.created_at,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    liveUntil: row.live_until,
    position:
      row.lat !== null && row.lon !== null && row.accuracy !== null && row.located_at !== null
        ? { lat: row.lat, lon: row.lon, accuracy: row.accuracy, at: row.located_at }
        : null,
  };
}

/** What the caller's page may know: whether it can share and until when, nothing of the incident. */
export function presentCallerLinkStatus(row: CallerLinkRow, now: number): CallerLinkStatus {
  return {
    state: callerLinkState(row, now),
    expiresAt: row.expires_at,
    liveUntil: row.live_until,
    liveMaxMinutes: CALLER_LIVE_MAX_MINUTES,
  };
}
