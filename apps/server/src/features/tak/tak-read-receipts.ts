import type { MessageThreadRead } from '@argus/contracts/http/messages';
import type { MessageChannel } from '@argus/contracts/messages';
import type { Clock } from '../../lib/clock';
import type { GeoChat } from './cot-chat-reading';
import { readReceipt } from './cot-chat-writing';

/** Device chats remembered for their read receipts; a shift's worth and more. */
const REMEMBERED = 10_000;

/** A device's chat as it landed in Argus: the message it became, and what the device called it. */
interface LandedChat {
  chat: Pick<GeoChat, 'messageId' | 'senderUid' | 'roomId' | 'room'>;
  channel: MessageChannel;
  targetId: string | null;
  senderId: string;
  sentAt: number;
  /** Argus people who already told the device they read it. */
  readBy: Set<string>;
}

/**
 * Read receipts from Argus to devices (docs/decisions/0073-tak-video-out-and-read-receipts.md):
 * a chat a device sent that landed as an Argus message is remembered, and when an Argus person's
 * read marker on that thread moves past it (`message.read`, the messages feature's own marking),
 * the device that wrote it is sent a `b-t-f-r` in that person's name, once per person. Chats that
 * landed before a restart are not remembered, so they get none.
 */
export class TakReadReceipts {
  private readonly landed = new Map<string, LandedChat>();

  constructor(private readonly clock: Clock) {}

  /** A device's chat became Argus message `messageId`. */
  remember(
    messageId: string,
    chat: LandedChat['chat'],
    message: { channel: MessageChannel; target_id: string | null; sender_id: string; sent_at: number },
  ): void {
    this.landed.delete(messageId);
    this.landed.set(messageId, {
      chat: { messageId: chat.messageId, senderUid: chat.senderUid, roomId: chat.roomId, room: chat.room },
      channel: message.channel,
      targetId: message.target_id,
      senderId: message.sender_id,
      sentAt: Number(message.sent_at),
      readBy: new Set(),
    });
    if (this.landed.size > REMEMBERED) this.landed.delete(this.landed.keys().next().value!);
  }

  /** The receipts a moved read marker owes, each with the device uid it goes to. */
  threadRead(read: MessageThreadRead): { deviceUid: string; xml: string }[] {
    const receipts: { deviceUid: string; xml: string }[] = [];
    for (const landed of this.landed.values()) {
      if (landed.sentAt > read.readUpTo || landed.senderId === read.readerId || landed.readBy.has(read.readerId)) continue;
      if (!inThread(landed, read)) continue;
      landed.readBy.add(read.readerId);
      receipts.push({
        deviceUid: landed.chat.senderUid,
        xml: readReceipt(landed.chat, { id: read.readerId, name: read.readerName }, this.clock.now()),
      });
    }
    return receipts;
  }
}

/** Whether a message is in the thread a reader marked: a direct thread is named by the other person. */
function inThread(landed: LandedChat, read: MessageThreadRead): boolean {
  if (landed.channel !== read.channel) return false;
  if (read.channel === 'broadcast') return true;
  if (read.channel === 'direct') return landed.senderId === read.targetId && landed.targetId === read.readerId;
  return landed.targetId === read.targetId;
}
