import type { XmlNode } from '@tak-ps/node-cot';

/**
 * GeoChat as ATAK, iTAK and WinTAK write it (docs/decisions/0067-tak-geochat-filtering-and-alerts.md):
 * `b-t-f` carries `__chat` (the room: `chatroom` its name, `id` its key, `parent` whether it is the
 * root "All Chat Rooms", a team, a user group or a direct chat) with `chatgrp` listing the members
 * (`uid0` the sender, `uid1`… the others), the text in `remarks`, and a `link` to the sender.
 * Receipts (`b-t-f-d` delivered, `b-t-f-r` read) name the message they answer in `messageId`,
 * under `__chatreceipt` (ATAK) or `__chat` (older clients), else in the event's own uid.
 */

/** ATAK's room for everyone on the network. */
export const ALL_CHAT_ROOMS = 'All Chat Rooms';

export interface GeoChat {
  kind: 'chat';
  /** The event's uid ("GeoChat.<sender>.<room>.<messageId>"): one chat, however often sent. */
  uid: string;
  senderUid: string;
  callsign: string;
  /** The room's name as the device shows it ("All Chat Rooms", a group's name, the other's callsign). */
  room: string;
  /** The room's key: "All Chat Rooms", a group's uid, or the other device's uid in a direct chat. */
  roomId: string;
  /** "RootContactGroup", "TeamGroups", "UserGroups", … as the device says. */
  parent: string;
  /** Every member the chat names besides the sender (chatgrp uid1, uid2, …). */
  members: string[];
  messageId: string;
  text: string;
  time: number;
}

export interface ChatReceipt {
  kind: 'chat-receipt';
  uid: string;
  /** Who read or received it: the device sending the receipt. */
  senderUid: string;
  receipt: 'delivered' | 'read';
  /** The message it answers. */
  messageId: string;
  /** Who wrote that message (the answered chat's `chatgrp uid0`), when the receipt says. */
  to: string | null;
  time: number;
}

export class GeoChatUnreadable extends Error {}

type Node = XmlNode;

export function readGeoChat(uid: string, detail: Node, time: number): GeoChat {
  const chat = node(detail.__chat);
  const attributes = chat?._attributes ?? {};
  const group = node(chat?.chatgrp)?._attributes ?? {};
  const text = (node(detail.remarks)?._text ?? '').trim();
  if (!text) throw new GeoChatUnreadable('A GeoChat without text.');
  const senderUid = group.uid0 ?? linkedUid(detail) ?? '';
  if (!senderUid) throw new GeoChatUnreadable('A GeoChat that does not say who sent it.');
  const roomId = attributes.id ?? group.id ?? attributes.chatroom ?? '';
  const members = Object.entries(group)
    .filter(([name, value]) => /^uid[1-9]\d*$/.test(name) && value && value !== senderUid && value !== ALL_CHAT_ROOMS)
    .map(([, value]) => value!);
  return {
    kind: 'chat',
    uid,
    senderUid,
    callsign: attributes.senderCallsign ?? '',
    room: attributes.chatroom ?? roomId,
    roomId,
    parent: attributes.parent ?? '',
    members,
    // ATAK's event uid ends with the message id; older clients leave the attribute out.
    messageId: attributes.messageId ?? uid.split('.').at(-1) ?? uid,
    text,
    time,
  };
}

export function readChatReceipt(uid: string, type: 'b-t-f-d' | 'b-t-f-r', detail: Node, time: number): ChatReceipt {
  const chat = node(detail.__chatreceipt) ?? node(detail.__chat);
  const senderUid = linkedUid(detail) ?? node(chat?.chatgrp)?._attributes?.uid0 ?? '';
  if (!senderUid) throw new GeoChatUnreadable('A chat receipt that does not say who sent it.');
  return {
    kind: 'chat-receipt',
    uid,
    senderUid,
    receipt: type === 'b-t-f-d' ? 'delivered' : 'read',
    messageId: chat?._attributes?.messageId ?? uid,
    to: node(chat?.chatgrp)?._attributes?.uid0 ?? null,
    time,
  };
}

/** The uid a `<link relation="p-p">` names: the device that sent a chat, a receipt or an alert. */
export function linkedUid(detail: Node): string | undefined {
  const links = detail.link;
  for (const link of Array.isArray(links) ? links : [links]) {
    const attributes = node(link)?._attributes;
    if (attributes?.uid && (attributes.relation === undefined || attributes.relation === 'p-p')) return attributes.uid;
  }
  return undefined;
}

function node(value: unknown): Node | undefined {
  if (Array.isArray(value)) return node(value[0]);
  return value !== null && typeof value === 'object' ? (value as Node) : undefined;
}
