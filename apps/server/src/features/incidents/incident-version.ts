/**
 * An incident's `updatedAt` is the version editors send back as `expectedUpdatedAt`
 * (docs/decisions/0035-incident-management.md), so every change must move it forward, even
 * two changes within one millisecond (or under a test's frozen clock).
 */
export function nextVersion(current: { updated_at: number }, now: number): number {
  return Math.max(now, current.updated_at + 1);
}
