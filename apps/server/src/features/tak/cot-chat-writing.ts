import CoT from '@tak-ps/node-cot';
import { ALL_CHAT_ROOMS } from './cot-chat-reading';
import { ARGUS_UID_PREFIX, attribute, eventAttributes, point } from './cot-writing';

/**
 * Argus messages as GeoChat for TAK devices (docs/decisions/0067-tak-geochat-filtering-and-alerts.md).
 * Each Argus person speaks as a uid of Argus's own, so a device's reply to them comes back to Argus;
 * a unit's or an incident's conversation is a group room of Argus's own, so a reply in it lands in
 * that conversation. The message's id is the chat's `messageId`, which receipts name.
 */

/** A GeoChat stays in a device's history; its stale is ATAK's own for chats, a day. */
const CHAT_STALE_MS = 24 * 60 * 60_000;
const RECEIPT_STALE_MS = 60_000;

export const userChatUid = (userId: string) => `${ARGUS_UID_PREFIX}user-${userId}`;
export const conversationRoomId = (channel: 'unit' | 'incident', targetId: string) =>
  `${ARGUS_UID_PREFIX}conversation-${channel}-${targetId}`;

/** Where a chat goes: ATAK's room for everyone, a direct chat to one device, or a group room. */
export type ChatRoom =
  { kind: 'all' } | { kind: 'direct'; toUid: string; toCallsign: string } | { kind: 'group'; id: string; name: string; members: string[] };

export interface OutgoingChat {
  messageId: string;
  senderUid: string;
  senderCallsign: string;
  text: string;
  room: ChatRoom;
  /** When it was sent, epoch ms. */
  at: number;
}

/** One Argus message as the GeoChat ATAK shows in the room, with the sender's callsign. */
export function geoChat(chat: OutgoingChat): string {
  const { room } = chat;
  const roomId = room.kind === 'all' ? ALL_CHAT_ROOMS : room.kind === 'direct' ? room.toUid : room.id;
  const roomName = room.kind === 'all' ? ALL_CHAT_ROOMS : room.kind === 'direct' ? room.toCallsign : room.name;
  const others = room.kind === 'all' ? [ALL_CHAT_ROOMS] : room.kind === 'direct' ? [room.toUid] : room.members;
  const group: Record<string, string> = { uid0: attribute(chat.senderUid) };
  others.forEach((uid, index) => (group[`uid${index + 1}`] = attribute(uid)));
  group.id = attribute(roomId);
  const time = new Date(chat.at).toISOString();
  return new CoT({
    event: {
      _attributes: eventAttributes(
        `GeoChat.${attribute(chat.senderUid)}.${attribute(roomId)}.${chat.messageId}`,
        'b-t-f',
        chat.at,
        CHAT_STALE_MS,
        'h-g-i-g-o',
      ),
      point: point(0, 0),
      detail: {
        __chat: {
          _attributes: {
            parent: room.kind === 'group' ? 'UserGroups' : 'RootContactGroup',
            groupOwner: 'false',
            messageId: chat.messageId,
            chatroom: attribute(roomName),
            id: attribute(roomId),
            senderCallsign: attribute(chat.senderCallsign),
          },
          chatgrp: { _attributes: group },
        },
        link: { _attributes: { uid: attribute(chat.senderUid), type: 'a-f-G-U-C', relation: 'p-p' } },
        remarks: { _attributes: { source: attribute(chat.senderUid), to: attribute(roomId), time }, _text: chat.text },
      },
    },
  }).to_xml();
}

/** Tells a device that Argus received its chat (`b-t-f-d`), naming the chat's messageId. */
export function deliveredReceipt(chat: { messageId: string; senderUid: string; roomId: string; room: string }, now: number): string {
  return receipt(
    'b-t-f-d',
    `${ARGUS_UID_PREFIX}receipt-${attribute(chat.messageId)}`,
    chat,
    { uid: `${ARGUS_UID_PREFIX}server`, callsign: 'Argus' },
    now,
  );
}

/**
 * Tells a device that an Argus person read its chat (`b-t-f-r`), in the shape ATAK sends its own:
 * the chat's sender as `uid0`, the reader as `uid1` and the link, the reader's name as the callsign.
 */
export function readReceipt(
  chat: { messageId: string; senderUid: string; roomId: string; room: string },
  reader: { id: string; name: string },
  now: number,
): string {
  const readerUid = userChatUid(reader.id);
  return receipt(
    'b-t-f-r',
    `${ARGUS_UID_PREFIX}read-${attribute(chat.messageId)}-${attribute(reader.id)}`,
    chat,
    { uid: readerUid, callsign: reader.name },
    now,
  );
}

function receipt(
  type: 'b-t-f-d' | 'b-t-f-r',
  uid: string,
  chat: { messageId: string; senderUid: string; roomId: string; room: string },
  from: { uid: string; callsign: string },
  now: number,
): string {
  return new CoT({
    event: {
      _attributes: eventAttributes(uid, type, now, RECEIPT_STALE_MS, 'h-g-i-g-o'),
      point: point(0, 0),
      detail: {
        __chatreceipt: {
          _attributes: {
            parent: 'RootContactGroup',
            groupOwner: 'false',
            messageId: attribute(chat.messageId),
            chatroom: attribute(chat.room),
            id: attribute(chat.roomId),
            senderCallsign: attribute(from.callsign),
          },
          chatgrp: {
            _attributes: {
              uid0: attribute(chat.senderUid),
              uid1: attribute(type === 'b-t-f-r' ? from.uid : chat.roomId),
              id: attribute(chat.roomId),
            },
          },
        },
        link: { _attributes: { uid: attribute(from.uid), type: 'a-f-G-U-C', relation: 'p-p' } },
      },
    },
  }).to_xml();
}
