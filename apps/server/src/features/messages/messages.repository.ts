import type { Kysely, Selectable } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema';
import type { MessageChannel } from '@argus/contracts/messages';

export type MessageRow = Selectable<MessagesTable>;
export interface MessageView extends MessageRow {
  sender_name: string;
}

const COLUMNS = [
  'messages.id',
  'messages.client_id',
  'messages.channel',
  'messages.target_id',
  'messages.sender_id',
  'messages.body',
  'messages.sent_at',
  'users.full_name as sender_name',
] as const;

/** Only this file reads and writes messages. */
export class MessagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts unless a message with the same clientId exists; true when this call inserted it. */
  async insertIfNew(row: MessageRow): Promise<boolean> {
    const result = await this.db
      .insertInto('messages')
      .values(row)
      .onConflict((oc) => oc.column('client_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  findByClientId(clientId: string): Promise<MessageView | undefined> {
    return this.db
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
