import { z } from 'zod';
import { MESSAGE_CHANNELS } from '../messages';
import { Timestamp } from './common';
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
  body: z.string(),
  sentAt: Timestamp,
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
