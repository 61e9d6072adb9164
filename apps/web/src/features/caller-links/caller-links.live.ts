import type { QueryClient } from '@tanstack/react-query';
import type { CallerLink, CallerLinkListResponse } from '@argus/contracts/http/caller-links';
import { patchLive } from '../../lib/live-patch';
import { callerLinkQueries } from './caller-links.queries';

/** The link put in its place by id, newest first; an older copy than the one held is ignored. */
export function upsertCallerLink(links: readonly CallerLink[], link: CallerLink): CallerLink[] {
  const held = links.find((item) => item.id === link.id);
  if (held && !isNewerLink(link, held)) return [...links];
  return [link, ...links.filter((item) => item.id !== link.id)].sort((a, b) => b.createdAt - a.createdAt);
}

/** A copy is newer when it has a later fix, or the same fix and a later change (revoked, live begun). */
function isNewerLink(next: CallerLink, held: CallerLink): boolean {
  const fix = (link: CallerLink) => link.position?.at ?? 0;
  if (fix(next) !== fix(held)) return fix(next) > fix(held);
  return (next.revokedAt ?? 0) >= (held.revokedAt ?? 0);
}

/** A `caller.updated` frame: the incident's list of links, and the map's positions (only links that have one). */
export function patchCallerLink(queryClient: QueryClient, link: CallerLink): void {
  const apply = (old: CallerLinkListResponse) => ({ links: upsertCallerLink(old.links, link) });
  patchLive(queryClient, callerLinkQueries.forIncident(link.incidentId).queryKey, apply);
  if (link.position) patchLive(queryClient, callerLinkQueries.located().queryKey, apply);
}
