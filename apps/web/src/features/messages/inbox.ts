import type { Message, MessageThread, MessageThreadListResponse } from '@argus/contracts/http/messages';
import type { ThreadKey } from './messages.queries';

/**
 * The inbox's rules, kept apart from React so they are tested on their own
 * (docs/decisions/0036-command-inbox-and-attention.md).
 */

/** The thread a message belongs to as `viewerId` sees it: a direct message's thread is named by the other person. */
export function threadOf(message: Message, viewerId: string): ThreadKey {
  if (message.channel === 'broadcast') return { channel: 'broadcast' };
  if (message.channel === 'direct')
    return { channel: 'direct', targetId: message.senderId === viewerId ? (message.targetId ?? undefined) : message.senderId };
  return { channel: message.channel, targetId: message.targetId ?? undefined };
}

export function isSameThread(a: ThreadKey, b: { channel: string; targetId?: string | null | undefined }): boolean {
  return a.channel === b.channel && (a.targetId ?? null) === (b.targetId ?? null);
}

/**
 * The inbox after one live message: its thread moves to the top with the message as its latest,
 * one more unread unless the viewer wrote it. Null when the thread is not listed yet: only the
 * server knows its title, so the caller refetches.
 */
export function addToInbox(inbox: MessageThreadListResponse, message: Message, viewerId: string): MessageThreadListResponse | null {
  const key = threadOf(message, viewerId);
  const current = inbox.threads.find((thread) => isSameThread(key, thread));
  if (!current) return null;
  if (current.lastMessage.id === message.id || current.lastMessage.sentAt > message.sentAt) return inbox;
  const next: MessageThread = {
    ...current,
    lastMessage: message,
    unread: current.unread + (message.senderId === viewerId ? 0 : 1),
  };
  return { threads: [next, ...inbox.threads.filter((thread) => thread !== current)] };
}

/** The inbox once a thread was read up to its latest message. */
export function markThreadRead(inbox: MessageThreadListResponse, key: ThreadKey): MessageThreadListResponse {
  return { threads: inbox.threads.map((thread) => (isSameThread(key, thread) ? { ...thread, unread: 0 } : thread)) };
}

export function totalUnread(threads: readonly MessageThread[]): number {
  return threads.reduce((sum, thread) => sum + thread.unread, 0);
}

/** Whether a message should ring on command: a crew writing, not command's own words or an analyst's note. */
export function isUnitMessage(message: Message, viewerId: string): boolean {
  return message.senderId !== viewerId && message.senderRole === 'Field_Unit' && message.channel !== 'broadcast';
}

/** An analyst's message on an incident's conversation is their note on it. */
export function isAnalystNote(message: Message): boolean {
  return message.channel === 'incident' && message.senderRole === 'Intelligence_Analyst';
}

export const CHANNEL_LABELS: Record<MessageThread['channel'], string> = {
  broadcast: 'Broadcast',
  unit: 'Unit',
  incident: 'Incident',
  direct: 'Direct',
};
