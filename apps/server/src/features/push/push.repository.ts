import type { Kysely } from 'kysely';
import type { Role } from '@argus/contracts/roles';
import type { Database, PushSubscriptionsTable } from '../../db/schema';

export type PushSubscriptionRow = PushSubscriptionsTable;

const COLUMNS = [
  'push_subscriptions.endpoint',
  'push_subscriptions.user_id',
  'push_subscriptions.p256dh',
  'push_subscriptions.auth',
  'push_subscriptions.created_at',
] as const;

/** Browsers' Web Push subscriptions, and whose browsers a push reaches. */
export class PushRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A browser subscribes again with the same endpoint after a key change or a new sign-in: the latest wins. */
  async save(row: PushSubscriptionRow): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at }),
      )
      .execute();
  }

  /** Removes this user's subscription at that endpoint; true when there was one. */
  async removeForUser(endpoint: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The push service said the subscription is gone. */
  async remove(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** A person's subscriptions while their account is active: a deactivated account's phone is told nothing. */
  forUser(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select(COLUMNS)
      .where('push_subscriptions.user_id', '=', userId)
      .where('users.is_active', '=', 1)
      .execute();
  }

  /** The subscriptions of a unit's crew members whose accounts are active. */
  forUnitCrew(unitId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .innerJoin('unit_members', 'unit_members.user_id', 'push_subscriptions.user_id')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select(COLUMNS)
      .where('unit_members.unit_id', '=', unitId)
      .where('users.is_active', '=', 1)
      .execute();
  }

  /** The subscriptions of every active user with a role (a broadcast reaches every field unit). */
  forRole(role: Role): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select(COLUMNS)
      .where('users.role', '=', role)
      .where('users.is_active', '=', 1)
      .execute();
  }
}
