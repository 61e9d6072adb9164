import { queryOptions } from '@tanstack/react-query';
import { MessageListResponse, MessageThreadListResponse } from '@argus/contracts/http/messages';
import type { MessageChannel } from '@argus/contracts/messages';
import { api } from '../../lib/api';

/** How many broadcasts the command page keeps. */
export const RECENT_BROADCASTS = 20;

/** Until the realtime socket delivers messages as they are sent, threads are polled this often. */
export const MESSAGE_POLL_MS = 15_000;

export interface ThreadKey {
  channel: MessageChannel;
  /** Omitted for broadcasts. */
  targetId?: string;
}

/**
 * Message threads: newest first from the server, at most the last 50. An incident's conversation
 * read as the analysts' notes asks for the last 100, so it has a key of its own.
 */
export const messageQueries = {
  all: ['messages'] as const,
  thread: ({ channel, targetId }: ThreadKey) =>
    queryOptions({
      queryKey: [...messageQueries.all, channel, targetId ?? null],
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ channel, limit: '50' });
        if (targetId) query.set('targetId', targetId);
        return api.get(`/messages?${query.toString()}`, MessageListResponse, { signal });
      },
      select: (data) => data.messages,
      refetchInterval: MESSAGE_POLL_MS,
    }),
  notesAll: () => [...messageQueries.all, 'notes'] as const,
  /** The incident's conversation, used as the analysts' notes thread (newest first, as the API answers). */
  notes: (incidentId: string) =>
    queryOptions({
      queryKey: [...messageQueries.notesAll(), incidentId] as const,
      queryFn: ({ signal }) =>
        api.get(`/messages?${new URLSearchParams({ channel: 'incident', targetId: incidentId, limit: '100' })}`, MessageListResponse, {
          signal,
        }),
    }),
};

/** This person's inbox: every thread they take part in, newest activity first, with unread counts. */
export const inboxQuery = () =>
  queryOptions({
    queryKey: [...messageQueries.all, 'inbox'] as const,
    queryFn: ({ signal }) => api.get('/messages/threads', MessageThreadListResponse, { signal }),
  });

/** The latest broadcasts to all units, newest first (command's panel). */
export const broadcastQuery = () =>
  queryOptions({
    queryKey: [...messageQueries.all, 'broadcast'] as const,
    queryFn: ({ signal }) => api.get(`/messages?channel=broadcast&limit=${RECENT_BROADCASTS}`, MessageListResponse, { signal }),
  });
