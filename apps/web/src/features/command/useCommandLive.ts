import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import { useRealtime } from '../../lib/realtime';
import { LiveCache } from './live-cache';

/** What the command dashboard follows live: the whole picture and the messages to all units. */
const COMMAND_CHANNELS: Channel[] = ['incidents', 'units', 'reports', 'alerts', 'broadcast'];

/**
 * Keeps the dashboard's queries live: frames from the command channels (and the open incident's
 * own channel, for its timeline) go through one LiveCache, which batches them into the caches.
 */
export function useCommandLive(openIncidentId: string | null): void {
  const queryClient = useQueryClient();
  const [cache] = useState(() => new LiveCache(queryClient));
  useEffect(() => () => cache.dispose(), [cache]);
  useRealtime(openIncidentId ? [...COMMAND_CHANNELS, channels.incident(openIncidentId)] : COMMAND_CHANNELS, (frame) => cache.accept(frame));
}
