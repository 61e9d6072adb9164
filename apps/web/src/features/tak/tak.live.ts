import type { QueryClient } from '@tanstack/react-query';
import type { TakContact } from '@argus/contracts/http/tak';
import { patchLive } from '../../lib/live-patch';
import { takContactQueries } from './tak.queries';

/**
 * The contact list with changed contacts applied, in one pass: a contact's announcements come in
 * order on one channel, so the latest copy replaces the listed one; a contact heard for the first
 * time is added at the end.
 */
export function upsertTakContacts(contacts: readonly TakContact[], changes: Iterable<TakContact>): TakContact[] {
  const byUid = new Map<string, TakContact>();
  for (const change of changes) byUid.set(change.uid, change);
  if (byUid.size === 0) return contacts as TakContact[];
  const next = contacts.map((contact) => {
    const change = byUid.get(contact.uid);
    if (!change) return contact;
    byUid.delete(contact.uid);
    return change;
  });
  for (const added of byUid.values()) next.push(added);
  return next;
}

/** Applies announced contacts to the cached list, waiting for a fetch in flight (see live-patch.ts). */
export function patchTakContacts(queryClient: QueryClient, changes: Iterable<TakContact>): void {
  patchLive<{ contacts: TakContact[] }>(queryClient, takContactQueries.list().queryKey, (list) => ({
    ...list,
    contacts: upsertTakContacts(list.contacts, changes),
  }));
}
