import { z } from 'zod';
import { MESSAGE_CHANNELS } from '../messages';
import { ROLES } from '../roles';
import { Timestamp } from './common';
import { OccurredAt } from './device-time';
import { ClientId } from './units';
import { multiLineText, singleLineText } from './text';

/**
 * broadcast: command to every unit (targetId omitted). unit: between command and one unit's crew
 * (targetId = unit id). incident: among those working one incident (targetId = incident id).
 * direct: to one person (targetId = user id).
 */
export const SendMessageRequest = z
  .object({
    clientId: ClientId,
    channel: z.enum(MESSAGE_CHANNELS, { error: `channel must be one of ${MESSAGE_CHANNELS.join(', ')}.` }),
    targetId: singleLineText().min(1).max(100).optional(),
    body: multiLineText().min(1, 'Write a message.').max(2000, 'The message is too long (2,000 characters at most).'),
    occurredAt: OccurredAt.optional(),
  })
  .refine((message) => (message.channel === 'broadcast') === (message.targetId === undefined), {
    message: 'A broadcast has no targetId; unit, incident and direct messages need one.',
    path: ['targetId'],
  });
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

export const Message = z.object({
  id: z.string(),
  clientId: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  targetId: z.string().nullable(),
  senderId: z.string(),
  senderName: z.string(),
  /** The sender's role: an analyst's message on an incident is a note (docs/decisions/0036-command-inbox-and-attention.md). */
  senderRole: z.enum(ROLES),
  body: z.string(),
  sentAt: Timestamp,
  /** When it was written on the device, when it was written before it arrived (docs/decisions/0042-device-time.md); null for older messages. */
  occurredAt: Timestamp.nullable().optional(),
});
export type Message = z.infer<typeof Message>;

export const MessageResponse = z.object({ message: Message });

export const MessageListQuery = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS, { error: `channel must be one of ${MESSAGE_CHANNELS.join(', ')}.` }),
    targetId: singleLineText().min(1).max(100).optional(),
    /** Messages sent before this time, for paging back. */
    before: z.coerce.number().int().nonnegative().optional(),
    limit: z.coerce.number().int().min(1).max(200, 'At most 200 messages per page.').default(50),
  })
  .refine((query) => (query.channel === 'broadcast') === (query.targetId === undefined), {
    message: 'A broadcast has no targetId; unit, incident and direct messages need one.',
    path: ['targetId'],
  });

/** Newest first. */
export const MessageListResponse = z.object({ messages: z.array(Message) });

/**
 * One conversation in a person's inbox (docs/decisions/0036-command-inbox-and-attention.md): a
 * unit's, an incident's, a direct one (targetId is the other person) or the broadcasts (targetId
 * null). `unread` counts others' messages after this person's read marker.
 */
export const MessageThread = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  targetId: z.string().nullable(),
  title: z.string(),
  lastMessage: Message,
  unread: z.number().int().nonnegative(),
});
export type MessageThread = z.infer<typeof MessageThread>;

/** Newest activity first. */
export const MessageThreadListResponse = z.object({ threads: z.array(MessageThread) });
export type MessageThreadListResponse = z.infer<typeof MessageThreadListResponse>;

/** "I have read this thread up to this message": a read marker per person per thread; it never moves back. */
export const MarkThreadReadRequest = z
  .object({
    channel: z.enum(MESSAGE_CHANNELS, { error: `channel must be one of ${MESSAGE_CHANNELS.join(', ')}.` }),
    targetId: singleLineText().min(1).max(100).optional(),
    messageId: singleLineText().min(1, 'Say which message was read last.').max(100),
  })
  .refine((read) => (read.channel === 'broadcast') === (read.targetId === undefined), {
    message: 'A broadcast has no targetId; unit, incident and direct threads need one.',
    path: ['targetId'],
  });
export type MarkThreadReadRequest = z.infer<typeof MarkThreadReadRequest>;

export const MarkThreadReadResponse = z.object({ readUpTo: Timestamp });

/**
 * data of message.read: a person's read marker on a thread moved up to `readUpTo` (a message's
 * sentAt). A direct thread is named as its reader sees it, by the other person (`targetId`).
 * TAK devices hear it as read receipts for the chats they sent (docs/decisions/0073-tak-video-out-and-read-receipts.md).
 */
export const MessageThreadRead = z.object({
  readerId: z.string(),
  readerName: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  targetId: z.string().nullable(),
  readUpTo: Timestamp,
});
export type MessageThreadRead = z.infer<typeof MessageThreadRead>;
