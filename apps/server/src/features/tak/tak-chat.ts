import { createHash } from 'node:crypto';
import type { Message, MessageThreadRead } from '@argus/contracts/http/messages';
import { SendMessageRequest } from '@argus/contracts/http/messages';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import { isCommandRole } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { channelAccess } from '../../realtime/channel-access';
import type { FieldScopeRepository } from '../../realtime/field-scope.repository';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import type { MessagesService } from '../messages/messages.service';
import type { UnitsRepository } from '../units/units.repository';
import type { UserRow } from '../users/users.repository';
import { ALL_CHAT_ROOMS, type ChatReceipt, type GeoChat } from './cot-chat-reading';
import { conversationRoomId, deliveredReceipt, geoChat, userChatUid, type ChatRoom } from './cot-chat-writing';
import { unitCotUid } from './cot-writing';
import type { DeviceIdentity } from './tak-certificates.service';
import { TakReadReceipts } from './tak-read-receipts';
import type { Landing, TakService } from './tak.service';

/** What the chat mapping reads and writes through. */
export interface ChatSources {
  messages: MessagesService;
  fieldScope: FieldScopeRepository;
  incidents: IncidentsRepository;
  units: UnitsRepository;
}

/** Where the chat goes: one connection of the CoT endpoint. */
type ChatSend = (connectionId: number, xml: string) => void;

/** Messages sent to devices remembered for their read receipts; a shift's worth and more. */
const REMEMBERED = 10_000;

interface Device {
  /** The uid it speaks as: its certificate's, or (plain TCP) the first it sent a position or chat as. */
  uid: string | null;
  identity: DeviceIdentity | null;
  /**
   * A link to a TAK Server (tak-gateway.ts) carries many devices: the uids heard on it, for the chats
   * relayed to them. It speaks as none of them, so of Argus's messages it hears broadcasts only.
   */
  carries: Set<string> | null;
}

/** Who a device speaks as and what their thread is, for an Argus message. */
interface Speaker {
  unitId: string;
  actor: UserRow;
}

/** What became of a GeoChat: landed in Argus or not, and which other devices get the chat itself. */
interface ChatOutcome {
  landing: Landing;
  /** Connections the device's own event is relayed to, as a TAK Server routes it. */
  relayTo: number[];
}

/** A message's clientId made from the chat's uid, so a chat a device sends twice is posted once. */
function clientIdOfChat(cotUid: string): string {
  const hex = createHash('sha256').update(`tak:${cotUid}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * GeoChat both ways (docs/decisions/0067-tak-geochat-filtering-and-alerts.md). A device's chat
 * becomes an Argus message through `MessagesService.send`, as its user, so who may write where is
 * the messages' own rule; Argus's messages go out to the devices whose users may hear their
 * conversation (channel-access.ts), in the room ATAK shows them in. A device's read receipt moves
 * its user's read marker; Argus tells a device it received its chat with a delivery receipt.
 */
export class TakChat {
  private readonly devices = new Map<number, Device>();
  /** Argus messages sent to devices, by id: the thread a read receipt names. */
  private readonly sent = new Map<string, Message>();
  /** Connections that already have a message (the device that wrote it, the one it was relayed to), by clientId. */
  private readonly delivered = new Map<string, Set<number>>();
  /** Messages going out, in the order they were written; the caller hears each one's failure. */
  private outgoing: Promise<void> = Promise.resolve();
  /** Devices' chats that landed, for the read receipts Argus's readers owe them. */
  private readonly readReceipts: TakReadReceipts;

  constructor(
    private readonly tak: TakService,
    private readonly sources: ChatSources,
    private readonly clock: Clock,
    private readonly send: ChatSend,
  ) {
    this.readReceipts = new TakReadReceipts(clock);
  }

  join(connectionId: number, identity: DeviceIdentity | null, options: { takServer?: boolean } = {}): void {
    this.devices.set(connectionId, { uid: identity?.deviceUid ?? null, identity, carries: options.takServer ? new Set() : null });
  }

  leave(connectionId: number): void {
    this.devices.delete(connectionId);
  }

  /** A plain-TCP device said who it is: the first uid it speaks as is the one replies go to. */
  heard(connectionId: number, uid: string): void {
    const device = this.devices.get(connectionId);
    if (device?.carries) device.carries.add(uid);
    else if (device && device.uid === null) device.uid = uid;
  }

  /** The uid a device speaks as (its certificate's, or the first a plain-TCP device sent), once known. */
  speaksAs(connectionId: number): string | null {
    return this.devices.get(connectionId)?.uid ?? null;
  }

  /** The connections of the device with this uid. */
  connectionsOf(uid: string): number[] {
    return [...this.devices].filter(([, device]) => device.uid === uid || device.carries?.has(uid)).map(([id]) => id);
  }

  /**
   * A device's GeoChat: "All Chat Rooms" is a broadcast only from someone who may broadcast, else
   * the unit's conversation with command; Argus's own rooms and people, Argus units and devices
   * bound to units are their conversations; any other room (a team, a group of devices) is relayed
   * to its members and is no Argus conversation.
   */
  async incoming(connectionId: number, chat: GeoChat): Promise<ChatOutcome> {
    const device = this.devices.get(connectionId);
    const speaker = await this.tak.boundActor(chat.senderUid, device?.identity ?? null);
    // Each connection once, however many of the uids it carries (a TAK Server link carries many).
    const others = (uids: string[]) => [...new Set(uids.flatMap((uid) => this.connectionsOf(uid)))].filter((id) => id !== connectionId);
    if (chat.roomId === ALL_CHAT_ROOMS) {
      if ('reason' in speaker) return { landing: { landed: false, reason: speaker.reason }, relayTo: [] };
      const broadcasts = isCommandRole(speaker.actor.role);
      const landing = await this.post(
        connectionId,
        chat,
        speaker,
        broadcasts ? { channel: 'broadcast' } : { channel: 'unit', targetId: speaker.unitId },
      );
      return {
        landing,
        relayTo: broadcasts ? others([...this.devices.values()].flatMap((d) => (d.uid ? [d.uid] : [...(d.carries ?? [])]))) : [],
      };
    }
    const target = await this.targetOf(chat.roomId);
    // A room Argus does not know: devices talk among themselves, as through a TAK Server.
    if (!target)
      return { landing: { landed: false, reason: `a room of devices (${chat.room})` }, relayTo: others([chat.roomId, ...chat.members]) };
    const relayTo = target.deviceUid ? others([target.deviceUid]) : [];
    if ('reason' in speaker) return { landing: { landed: false, reason: speaker.reason }, relayTo };
    this.remember(this.delivered, clientIdOfChat(chat.uid), new Set([connectionId, ...relayTo]));
    if (target.channel === 'unit') {
      try {
        return { landing: await this.post(connectionId, chat, speaker, target), relayTo };
      } catch (error) {
        // Not theirs to write in: the message goes to whoever speaks for that unit instead.
        if (!(error instanceof AppError) || error.code !== 'forbidden') throw error;
        const person = await this.crewOf(target.targetId);
        if (!person) return { landing: { landed: false, reason: 'that unit has no crew to write to' }, relayTo };
        return { landing: await this.post(connectionId, chat, speaker, { channel: 'direct', targetId: person.id }), relayTo };
      }
    }
    return { landing: await this.post(connectionId, chat, speaker, target), relayTo };
  }

  /**
   * A receipt from a device. Read: its user's read marker on the thread moves up to that message,
   * as reading it in the app would. Delivered: Argus keeps no delivery state for messages.
   */
  async receipt(connectionId: number, receipt: ChatReceipt): Promise<ChatOutcome> {
    const message = this.sent.get(receipt.messageId);
    // A receipt for another device's chat goes to that device alone, as a TAK Server routes it.
    if (!message) {
      const relayTo = receipt.to ? this.connectionsOf(receipt.to).filter((id) => id !== connectionId) : [];
      return { landing: { landed: false, reason: 'a receipt for no message Argus sent' }, relayTo };
    }
    return { landing: await this.markRead(connectionId, receipt, message), relayTo: [] };
  }

  private async markRead(connectionId: number, receipt: ChatReceipt, message: Message): Promise<Landing> {
    if (receipt.receipt === 'delivered') return { landed: false, reason: 'Argus keeps no delivery state' };
    const speaker = await this.tak.boundActor(receipt.senderUid, this.devices.get(connectionId)?.identity ?? null);
    if ('reason' in speaker) return { landed: false, reason: speaker.reason };
    const targetId = message.channel === 'direct' ? message.senderId : (message.targetId ?? undefined);
    await this.sources.messages.markRead(speaker.actor, {
      channel: message.channel,
      ...(targetId !== undefined ? { targetId } : {}),
      messageId: message.id,
    });
    return { landed: true, unitId: speaker.unitId };
  }

  /** An Argus person read a thread: the devices whose chats they read are told so (`b-t-f-r`). */
  threadRead(read: MessageThreadRead): void {
    for (const { deviceUid, xml } of this.readReceipts.threadRead(read))
      for (const connectionId of this.connectionsOf(deviceUid)) this.send(connectionId, xml);
  }

  /**
   * A new Argus message: to every device whose user may hear its conversation, but not back to
   * where it came from. One after another, so a device shows a conversation in the order it was written.
   */
  messageCreated(message: Message): Promise<void> {
    const next = this.outgoing.then(() => this.fanOut(message));
    this.outgoing = next.catch(() => undefined);
    return next;
  }

  private async fanOut(message: Message): Promise<void> {
    const skip = this.delivered.get(message.clientId) ?? new Set<number>();
    const room = await this.roomOf(message);
    if (!room) return;
    for (const [connectionId, device] of this.devices) {
      if (skip.has(connectionId)) continue;
      // A plain device that has not said who it is yet speaks as nobody: it hears broadcasts only.
      const speaker = device.uid ? await this.tak.boundActor(device.uid, device.identity) : null;
      const actor = speaker && !('reason' in speaker) ? speaker.actor : null;
      if (!(await this.hears(message, actor))) continue;
      const uid = device.uid ?? '';
      const to: ChatRoom =
        room.kind === 'group'
          ? { ...room, members: [uid] }
          : room.kind === 'direct'
            ? { kind: 'direct', toUid: uid, toCallsign: actor?.full_name ?? uid }
            : room;
      this.remember(this.sent, message.id, message);
      this.send(
        connectionId,
        geoChat({
          messageId: message.id,
          senderUid: userChatUid(message.senderId),
          senderCallsign: message.senderName,
          text: message.body,
          room: to,
          at: message.sentAt,
        }),
      );
    }
  }

  /** Whether a device's user may read a message: its conversation's channel as channel-access.ts decides; a plain device bound to nobody hears only broadcasts. */
  private async hears(message: Message, actor: UserRow | null): Promise<boolean> {
    if (!actor) return message.channel === 'broadcast';
    if (message.channel === 'direct') return message.targetId === actor.id;
    const channel: Channel =
      message.channel === 'broadcast'
        ? 'broadcast'
        : message.channel === 'unit'
          ? channels.unit(message.targetId!)
          : channels.incident(message.targetId!);
    return channelAccess({ id: actor.id, role: actor.role }, channel, await this.sources.fieldScope.forUser(actor.id)).allowed;
  }

  /** The room a message is shown in on a device; the recipient is filled in per device. */
  private async roomOf(message: Message): Promise<ChatRoom | null> {
    switch (message.channel) {
      case 'broadcast':
        return { kind: 'all' };
      case 'direct':
        return { kind: 'direct', toUid: '', toCallsign: '' };
      case 'unit': {
        const unit = await this.sources.units.find(message.targetId!);
        return unit ? { kind: 'group', id: conversationRoomId('unit', unit.id), name: `${unit.callsign} – command`, members: [] } : null;
      }
      case 'incident': {
        const incident = await this.sources.incidents.find(message.targetId!);
        return incident
          ? { kind: 'group', id: conversationRoomId('incident', incident.id), name: `${incident.reference} ${incident.title}`, members: [] }
          : null;
      }
      default:
        return null;
    }
  }

  /** The Argus conversation a room or person on a device is, if any. */
  private async targetOf(
    roomId: string,
  ): Promise<{ channel: 'unit' | 'incident' | 'direct'; targetId: string; deviceUid?: string } | null> {
    const argus = /^argus-(?:(user)-(.+)|conversation-(unit|incident)-(.+)|(unit)-(.+))$/.exec(roomId);
    if (argus?.[1]) return { channel: 'direct', targetId: argus[2]! };
    if (argus?.[3]) return { channel: argus[3] as 'unit' | 'incident', targetId: argus[4]! };
    if (argus?.[5] && roomId === unitCotUid(argus[6]!)) return { channel: 'unit', targetId: argus[6]! };
    const unitId = this.tak.unitOf(roomId);
    return unitId ? { channel: 'unit', targetId: unitId, deviceUid: roomId } : null;
  }

  /** Posts a device's chat as its user's message, and tells the device Argus has it. */
  private async post(
    connectionId: number,
    chat: GeoChat,
    speaker: Speaker,
    target: { channel: 'broadcast' | 'unit' | 'incident' | 'direct'; targetId?: string },
  ): Promise<Landing> {
    const clientId = clientIdOfChat(chat.uid);
    const delivered = this.delivered.get(clientId) ?? new Set<number>();
    delivered.add(connectionId);
    this.remember(this.delivered, clientId, delivered);
    const request = SendMessageRequest.safeParse({
      clientId,
      channel: target.channel,
      ...(target.targetId !== undefined ? { targetId: target.targetId } : {}),
      body: chat.text,
    });
    if (!request.success) return { landed: false, reason: request.error.issues[0]?.message ?? 'an unreadable message' };
    const { message } = await this.sources.messages.send(speaker.actor, request.data);
    this.readReceipts.remember(message.id, chat, message);
    this.send(connectionId, deliveredReceipt(chat, this.clock.now()));
    return { landed: true, unitId: speaker.unitId };
  }

  /** The unit's first crew member, to write to directly when its conversation is not the sender's. */
  private async crewOf(unitId: string): Promise<{ id: string } | null> {
    const unit = await this.sources.units.find(unitId);
    const memberId = unit?.members[0];
    return memberId ? { id: memberId } : null;
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    if (map.size > REMEMBERED) map.delete(map.keys().next().value!);
  }
}
