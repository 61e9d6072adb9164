import { useEffect, useState } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { keepOnDevice } from '../../lib/device-cache';
import { messageQueries } from '../messages/messages.queries';
import { fieldUnitKeys } from './field-unit.queries';

/** The message threads a crew reads: its unit's conversation with command, broadcasts and direct ones. */
const KEPT_MESSAGE_CHANNELS: readonly unknown[] = ['unit', 'broadcast', 'direct'];

/**
 * What the phone keeps (docs/decisions/0043-the-field-phone-offline-and-attention.md): the crew's
 * units, its assignments with their incidents, and its message threads and broadcasts. The
 * recalled assignment stays in this page's memory only, as before.
 */
export function isKeptByFieldPhone(query: Pick<Query, 'queryKey'>): boolean {
  const [area, part] = query.queryKey;
  if (area === fieldUnitKeys.all[0]) return part !== fieldUnitKeys.recalled[1];
  return area === messageQueries.all[0] && KEPT_MESSAGE_CHANNELS.includes(part);
}

/** Restores the crew's kept data before the page reads it, then keeps it up to date on the device. True once restored. */
export function useFieldDeviceCache(userId: string): boolean {
  const queryClient = useQueryClient();
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void keepOnDevice(queryClient, userId, isKeptByFieldPhone).then((unsubscribe) => {
      if (cancelled) return unsubscribe();
      stop = unsubscribe;
      setRestoredFor(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return restoredFor === userId;
}
