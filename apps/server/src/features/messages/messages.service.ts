import { randomUUID } from 'node:crypto';
import type { MarkThreadReadRequest, SendMessageRequest } from '@argus/contracts/http/messages';
import type { MessageChannel } from '@argus/contracts/messages';
import { isCommandRole } from '@argus/contracts/roles';
import { seesEveryRow } from '@argus/contracts/policies/visibility';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DeviceTime } from '../../lib/device-time';
import type { DurableEvents } from '../../realtime/durable-events';
import { clientActionKey } from '../units/units.repository';
import type { FieldScopeRepository } from '../../realtime/field-scope.repository';
import type { UserRow } from '../users/users.repository';
import { messageEvents } from './messages.events';
import type { MessageView, MessagesRepository, ThreadView } from './messages.repository';

/** How many threads an inbox lists: every unit and open incident of a large shift fits. */
const INBOX_THREADS = 200;

/**
 * Messages between command and the field. Who may read a conversation may write in it, except
 * that only command broadcasts: command and analysts take part everywhere; a field unit in its
 * own unit's conversation, in the incidents its unit is assigned to, and in direct messages;
 * civic reporters do not message. Each message carries the device's clientId, so a retry
 * from the outbox never posts twice.
 */
export class MessagesService {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly fieldScope: FieldScopeRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
    private readonly deviceTime: DeviceTime,
  ) {}

  async send(sender: UserRow, request: SendMessageRequest): Promise<{ message: MessageView; created: boolean }> {
    if (request.channel === 'broadcast' && !isCommandRole(sender.role))
      throw new AppError('forbidden', 'Only command can broadcast to every unit.');
    await this.assertMayTakePart(sender, request.channel, request.targetId);
    // sent_at stays the receipt, which orders threads and pages them; occurred_at is when it was written.
    const { occurredAt, receivedAt } = this.deviceTime.resolve(request.occurredAt);
    const row = {
      id: randomUUID(),
      client_id: request.clientId,
      channel: request.channel,
      target_id: request.targetId ?? null,
      sender_id: sender.id,
      body: request.body,
      sent_at: receivedAt,
      occurred_at: occurredAt,
    };
    return this.events.transaction(this.messages, async (trx, pending) => {
      const created = await this.messages.insertIfNew(row, trx);
      const message = (await this.messages.findByClientId(request.clientId, trx))!;
      if (!created && (message.sender_id !== sender.id || message.channel !== request.channel || message.target_id !== row.target_id)) {
        throw new AppError('conflict', 'This clientId was already used for another message.');
      }
      // A retry: the process that stored it may have died before announcing it.
      if (created) pending.keyed(clientActionKey(request.clientId)).add(messageEvents.created(message));
      else pending.ensurePublished(clientActionKey(request.clientId));
      return { message, created };
    });
  }

  async list(
    viewer: UserRow,
    query: { channel: MessageChannel; targetId?: string | undefined; before?: number | undefined; limit: number },
  ): Promise<MessageView[]> {
    if (query.channel === 'broadcast' && viewer.role === 'Civic_Reporter')
      throw new AppError('forbidden', 'Broadcasts are for operations staff and units.');
    if (query.channel !== 'broadcast') await this.assertMayTakePart(viewer, query.channel, query.targetId, { reading: true });
    return this.messages.list({ ...query, peerId: viewer.id });
  }

  /**
   * The threads this person takes part in, newest activity first, with unread counts
   * (docs/decisions/0036-command-inbox-and-attention.md): operations staff see every unit's and
   * incident's; a field unit its own units', its assigned incidents' and its direct ones.
   */
  async threads(viewer: UserRow): Promise<ThreadView[]> {
    if (viewer.role === 'Civic_Reporter')
      throw new AppError('forbidden', 'Civic reporters follow their reports; messaging is for operations staff and units.');
    if (seesEveryRow(viewer.role))
      return this.messages.threads({ viewerId: viewer.id, unitIds: null, incidentIds: null, limit: INBOX_THREADS });
    const scope = await this.fieldScope.forUser(viewer.id);
    return this.messages.threads({
      viewerId: viewer.id,
      unitIds: [...scope.unitIds],
      incidentIds: [...scope.incidentIds],
      limit: INBOX_THREADS,
    });
  }

  /** Moves this person's read marker on a thread up to one of its messages (never back). */
  async markRead(viewer: UserRow, request: MarkThreadReadRequest): Promise<number> {
    await this.assertMayTakePart(viewer, request.channel, request.targetId, { reading: true });
    const message = await this.messages.findById(request.messageId);
    if (!message) throw new AppError('not_found', 'No such message.');
    if (!isInThread(message, viewer.id, request.channel, request.targetId))
      throw new AppError('validation_failed', 'That message is not in this thread.');
    const row = { user_id: viewer.id, channel: request.channel, target_id: request.targetId ?? '', read_at: message.sent_at };
    // Announced only when the marker moved: TAK devices hear it as read receipts (decision 0073).
    return this.events.transaction(this.messages, async (trx, pending) => {
      const { readAt, moved } = await this.messages.markRead(row, trx);
      if (moved) pending.add(messageEvents.read(viewer, request.channel, request.targetId ?? null, readAt));
      return readAt;
    });
  }

  private async assertMayTakePart(
    user: UserRow,
    channel: MessageChannel,
    targetId: string | undefined,
    { reading = false } = {},
  ): Promise<void> {
    if (user.role === 'Civic_Reporter')
      throw new AppError('forbidden', 'Civic reporters follow their reports; messaging is for operations staff and units.');
    if (channel === 'broadcast' || !targetId) return;
    if (channel === 'direct') {
      if (targetId === user.id) throw new AppError('validation_failed', 'A direct message goes to someone else.');
      // Reading a conversation with a since-deactivated person stays possible; writing to them does not.
      if (!reading && !(await this.messages.activeUser(targetId))) throw new AppError('not_found', 'No active user to message.');
      return;
    }
    const exists = channel === 'unit' ? await this.messages.unitExists(targetId) : await this.messages.incidentExists(targetId);
    if (!exists) throw new AppError('not_found', channel === 'unit' ? 'No such unit.' : 'No such incident.');
    if (seesEveryRow(user.role)) return;
    const scope = await this.fieldScope.forUser(user.id);
    const allowed = channel === 'unit' ? scope.unitIds.has(targetId) : scope.incidentIds.has(targetId);
    if (!allowed)
      throw new AppError(
        'forbidden',
        channel === 'unit' ? 'This is not your unit’s conversation.' : 'Your unit is not assigned to this incident.',
      );
  }
}

/** Whether a message belongs to a thread as `viewerId` sees it (a direct thread is named by the other person). */
function isInThread(message: MessageView, viewerId: string, channel: MessageChannel, targetId: string | undefined): boolean {
  if (message.channel !== channel) return false;
  if (channel === 'broadcast') return true;
  if (channel !== 'direct') return message.target_id === targetId;
  return (
    (message.sender_id === viewerId && message.target_id === targetId) || (message.sender_id === targetId && message.target_id === viewerId)
  );
}
