import { FIELD_ACTIVITY } from '@argus/contracts/constants';
import type { UnitStatus } from '@argus/contracts/units';
import type { Clock } from '../../lib/clock';
import { sessionExpiresAt } from './session.presenter';
import type { ResolvedSession, SessionsRepository } from './sessions.repository';

/** Statuses in which a unit is on duty: a crew driving to a call posts positions without touching the screen. */
const ON_DUTY: ReadonlySet<UnitStatus> = new Set(['available', 'dispatched', 'en_route', 'on_scene']);

/**
 * What counts as activity besides a person at the screen (docs/decisions/0051-device-sessions-and-retention.md):
 * a position report from a Field_Unit's own session, for a unit it crews, while that unit is on
 * duty, within a shift (FIELD_ACTIVITY.capMs) of the last keepalive or sign-in. It slides the
 * 15-minute limit and never the 24-hour one, and never revives a session already expired.
 */
export class FieldActivity {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  async positionsReported(resolved: ResolvedSession, units: readonly { status: UnitStatus; members: readonly string[] }[]): Promise<void> {
    const { session, user } = resolved;
    // A device has no inactivity limit; an administrator switched to a crew is not that crew.
    if (resolved.device || resolved.actor || user.role !== 'Field_Unit') return;
    if (!units.some((unit) => ON_DUTY.has(unit.status) && unit.members.includes(user.id))) return;
    const now = this.clock.now();
    if (now >= sessionExpiresAt(session)) return;
    if (now - (session.interacted_at ?? session.created_at) > FIELD_ACTIVITY.capMs) return;
    if (now - session.last_activity_at < FIELD_ACTIVITY.writeEveryMs) return;
    await this.sessions.touchActivity(session.id, now);
  }
}
