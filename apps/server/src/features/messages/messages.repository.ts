import { sql, type Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { MessagesTable } from '../../db/schema';
import type { MessageChannel } from '@argus/contracts/messages';
import type { Role } from '@argus/contracts/roles';

export type MessageRow = Selectable<MessagesTable>;
export interface MessageView extends MessageRow {
  sender_name: string;
  sender_role: Role;
}

/** One thread of a person's inbox: its newest message, a title, and how many others' messages are unread. */
export interface ThreadView {
  channel: MessageChannel;
  /** The unit, incident or other person; '' for the broadcasts. */
  thread_key: string;
  title: string | null;
  unread: number;
  last: MessageView;
}

/** Which unit and incident threads a person may read; null means every one (operations staff). */
export interface ThreadScope {
  viewerId: string;
  unitIds: readonly string[] | null;
  incidentIds: readonly string[] | null;
  limit: number;
}

const COLUMNS = [
  'messages.id',
  'messages.client_id',
  'messages.channel',
  'messages.target_id',
  'messages.sender_id',
  'messages.body',
  'messages.sent_at',
  'messages.occurred_at',
  'users.full_name as sender_name',
  'users.role as sender_role',
] as const;

/** A message's thread from one person's side: a direct message's thread is the other person. */
const threadKey = (viewerId: string) =>
  sql<string>`case when m.channel = 'direct' and m.sender_id = ${viewerId} then m.target_id when m.channel = 'direct' then m.sender_id else coalesce(m.target_id, '') end`;

const inList = (column: string, ids: readonly string[] | null) =>
  ids === null ? sql`1 = 1` : ids.length ? sql`${sql.ref(column)} in (${sql.join([...ids])})` : sql`1 = 0`;

/** A message row with its sender and the thread it belongs to, as the thread queries select it. */
interface ThreadSqlRow extends Selectable<MessagesTable> {
  sender_name: string;
  sender_role: Role;
  thread_key: string;
  unread: number | string;
  title: string | null;
}

/** Only this file reads and writes messages. */
export class MessagesRepository extends TransactionalRepository {
  /** Inserts unless a message with the same clientId exists; true when this call inserted it. */
  async insertIfNew(row: MessageRow, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .insertInto('messages')
      .values(row)
      .onConflict((oc) => oc.column('client_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  findByClientId(clientId: string, trx: Executor = this.db): Promise<MessageView | undefined> {
    return trx
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.sender_id')
      .select(COLUMNS)
      .where('messages.client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** A conversation, newest first. Direct conversations are both directions between two people. */
  list(query: {
    channel: MessageChannel;
    targetId?: string | undefined;
    peerId?: string | undefined;
    before?: number | undefined;
    limit: number;
  }): Promise<MessageView[]> {
    let select = this.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.sender_id')
      .select(COLUMNS)
      .where('messages.channel', '=', query.channel)
      .orderBy('messages.sent_at', 'desc')
      .orderBy('messages.id', 'desc')
      .limit(query.limit);
    if (query.channel === 'direct' && query.targetId && query.peerId) {
      const [me, other] = [query.peerId, query.targetId];
      select = select.where((eb) =>
        eb.or([
          eb.and([eb('messages.sender_id', '=', me), eb('messages.target_id', '=', other)]),
          eb.and([eb('messages.sender_id', '=', other), eb('messages.target_id', '=', me)]),
        ]),
      );
    } else if (query.targetId) {
      select = select.where('messages.target_id', '=', query.targetId);
    }
    if (query.before !== undefined) select = select.where('messages.sent_at', '<', query.before);
    return select.execute();
  }

  /**
   * A person's threads, newest activity first: each thread's newest message (ranked with a window
   * function, the same on SQLite and PostgreSQL), its unread count after the person's read marker,
   * and what it is called (the unit's callsign, the incident's reference and title, the person).
   */
  async threads(scope: ThreadScope): Promise<ThreadView[]> {
    const me = scope.viewerId;
    const key = threadKey(me);
    const { rows } = await sql<ThreadSqlRow>`
      select t.id, t.client_id, t.channel, t.target_id, t.sender_id, t.body, t.sent_at, t.occurred_at, t.thread_key, t.unread,
        sender.full_name as sender_name, sender.role as sender_role,
        case t.channel
          when 'unit' then (select callsign from units where units.id = t.thread_key)
          when 'incident' then (select reference || ' ' || title from incidents where incidents.id = t.thread_key)
          when 'direct' then (select full_name from users where users.id = t.thread_key)
        end as title
      from (
        select m.id, m.client_id, m.channel, m.target_id, m.sender_id, m.body, m.sent_at, m.occurred_at, ${key} as thread_key,
          row_number() over (partition by m.channel, ${key} order by m.sent_at desc, m.id desc) as recency,
          sum(case when m.sender_id <> ${me} and m.sent_at > coalesce(r.read_at, 0) then 1 else 0 end)
            over (partition by m.channel, ${key}) as unread
        from messages m
        left join message_reads r on r.user_id = ${me} and r.channel = m.channel and r.target_id = ${key}
        where m.channel = 'broadcast'
          or (m.channel = 'unit' and ${inList('m.target_id', scope.unitIds)})
          or (m.channel = 'incident' and ${inList('m.target_id', scope.incidentIds)})
          or (m.channel = 'direct' and (m.sender_id = ${me} or m.target_id = ${me}))
      ) t
      join users sender on sender.id = t.sender_id
      where t.recency = 1
      order by t.sent_at desc, t.id desc
      limit ${scope.limit}
    `.execute(this.db);
    return rows.map(({ thread_key, unread, title, ...last }) => ({
      channel: last.channel,
      thread_key,
      title,
      unread: Number(unread),
      last,
    }));
  }

  findById(id: string): Promise<MessageView | undefined> {
    return this.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.sender_id')
      .select(COLUMNS)
      .where('messages.id', '=', id)
      .executeTakeFirst();
  }

  /** Moves a person's read marker on a thread forward to `readAt`, never back; answers where it now stands. */
  /** Moves a read marker up (never back): the marker after it, and whether this call moved it. */
  async markRead(
    row: { user_id: string; channel: MessageChannel; target_id: string; read_at: number },
    trx: Executor = this.db,
  ): Promise<{ readAt: number; moved: boolean }> {
    const result = await trx
      .insertInto('message_reads')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'channel', 'target_id'])
          .doUpdateSet({ read_at: row.read_at })
          .where('message_reads.read_at', '<', row.read_at),
      )
      .executeTakeFirst();
    const marker = await trx
      .selectFrom('message_reads')
      .select('read_at')
      .where('user_id', '=', row.user_id)
      .where('channel', '=', row.channel)
      .where('target_id', '=', row.target_id)
      .executeTakeFirstOrThrow();
    return { readAt: Number(marker.read_at), moved: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
  }

  unitExists(id: string): Promise<boolean> {
    return this.db.selectFrom('units').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
  }

  incidentExists(id: string): Promise<boolean> {
    return this.db.selectFrom('incidents').select('id').where('id', '=', id).executeTakeFirst().then(Boolean);
  }

  activeUser(id: string): Promise<{ id: string; role: string } | undefined> {
    return this.db.selectFrom('users').select(['id', 'role']).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
  }
}
