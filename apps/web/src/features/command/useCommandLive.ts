import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mayReadTakContacts } from '@argus/contracts/policies/tak';
import { channels, type Channel } from '@argus/contracts/realtime/protocol';
import { useAuth } from '../auth/auth-context';
import { useRealtime } from '../../lib/realtime';
import { LiveCache } from './live-cache';

/** What the command dashboard follows live: the whole picture and the messages to all units (and TAK devices, below). */
const COMMAND_CHANNELS: Channel[] = ['incidents', 'units', 'reports', 'alerts', 'broadcast'];

/**
 * Keeps the dashboard's queries live: frames from the command channels (and the open incident's
 * own channel, for its timeline) go through one LiveCache, which batches them into the caches.
 */
export function useCommandLive(openIncidentId: string | null): void {
  const queryClient = useQueryClient();
  const [cache] = useState(() => new LiveCache(queryClient));
  useEffect(() => () => cache.dispose(), [cache]);
  // TAK devices on the map, for those who may see them (docs/decisions/0061-tak-cot-endpoint-first-slice.md).
  const tak: Channel[] = mayReadTakContacts(useAuth().user?.role) ? ['tak'] : [];
  useRealtime([...COMMAND_CHANNELS, ...tak, ...(openIncidentId ? [channels.incident(openIncidentId)] : [])], (frame) =>
    cache.accept(frame),
  );
}
