import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageListResponse } from '@argus/contracts/http/messages';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import type { z } from 'zod';
import { patchLive } from '../../lib/live-patch';
import { useRealtime } from '../../lib/realtime';
import { useAuth } from '../auth/auth-context';
import { playMessageChime } from '../alerts/alert-sound';
import { addToInbox, isUnitMessage, threadOf, totalUnread } from './inbox';
import { addMessage } from './messages.live';
import { inboxQuery, messageQueries } from './messages.queries';

/** How long the Messages tab stays highlighted after a unit writes. */
const HIGHLIGHT_MS = 4_000;

/** Every thread command takes part in arrives on these: units', incidents', broadcasts and its own direct ones. */
function inboxChannels(userId: string): Channel[] {
  return ['units', 'incidents', 'broadcast', channels.user(userId)];
}

/**
 * Keeps command's inbox live and draws attention to it (docs/decisions/0036-command-inbox-and-attention.md):
 * each message lands in its thread and moves it to the top at once; a unit's message chimes and
 * highlights the tab for a moment. Answers the unread total for the tab's badge.
 */
export function useCommandInbox(): { unread: number; highlighted: boolean } {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQuery());
  const [highlightedAt, setHighlightedAt] = useState<number | null>(null);

  useEffect(() => {
    if (highlightedAt === null) return undefined;
    const timer = window.setTimeout(() => setHighlightedAt(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightedAt]);

  useRealtime(userId ? inboxChannels(userId) : [], (frame) => {
    if (frame.type === 'realtime.reset') return void queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey });
    if (frame.type !== 'message.created') return;
    const message = frame.data;
    patchLive<z.infer<typeof MessageListResponse>>(queryClient, messageQueries.thread(threadOf(message, userId)).queryKey, (list) =>
      addMessage(list, message),
    );
    const listed = queryClient.getQueryData(inboxQuery().queryKey);
    if (listed && addToInbox(listed, message, userId))
      patchLive(queryClient, inboxQuery().queryKey, (old) => addToInbox(old, message, userId) ?? old);
    else void queryClient.invalidateQueries({ queryKey: inboxQuery().queryKey });
    if (isUnitMessage(message, userId)) {
      playMessageChime();
      setHighlightedAt(Date.now());
    }
  });

  return { unread: totalUnread(inbox.data?.threads ?? []), highlighted: highlightedAt !== null };
}
