import type { QueryClient } from '@tanstack/react-query';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { patchLive } from '../../lib/live-patch';
import { takPointQueries } from './tak.queries';

/** The point list with one announced change applied: a point placed, moved or recoloured replaces its copy; a deleted one goes. */
export function applyTakPointChange(points: readonly TakPoint[], change: { updated: TakPoint } | { removed: string }): TakPoint[] {
  if ('removed' in change) return points.filter((point) => point.uid !== change.removed);
  const { updated } = change;
  return points.some((point) => point.uid === updated.uid)
    ? points.map((point) => (point.uid === updated.uid ? updated : point))
    : [...points, updated];
}

/** Applies an announced point to the cached list, waiting for a fetch in flight (see live-patch.ts). */
export function patchTakPoints(queryClient: QueryClient, change: { updated: TakPoint } | { removed: string }): void {
  patchLive<{ points: TakPoint[] }>(queryClient, takPointQueries.list().queryKey, (list) => ({
    ...list,
    points: applyTakPointChange(list.points, change),
  }));
}
