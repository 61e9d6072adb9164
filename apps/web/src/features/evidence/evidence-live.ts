import type { QueryClient } from '@tanstack/react-query';
import type { EvidenceResponse } from '@argus/contracts/http/evidence';
import type { LiveFrame } from '@argus/contracts/realtime/protocol';
import type { z } from 'zod';
import { patchLive } from '../../lib/live-patch';
import { evidenceQueries } from './evidence.queries';

type ItemData = z.infer<typeof EvidenceResponse>;

/**
 * Keeps the evidence page current from the "evidence" channel. Never refetches an open item:
 * fetching it is a "viewed" custody entry, which would announce itself and loop. Its new state
 * comes in the frame instead. A custody entry from a view or download only marks the item's
 * verification stale, since verifying re-hashes the whole file and a player's range requests
 * would otherwise re-hash a video many times over.
 */
export function applyEvidenceFrame(queryClient: QueryClient, frame: LiveFrame): void {
  switch (frame.type) {
    case 'evidence.created':
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.lists() });
      return;
    case 'evidence.updated': {
      const item = frame.data;
      patchLive<ItemData>(queryClient, evidenceQueries.item(item.id).queryKey, () => ({ item }));
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.custody(item.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.verification(item.id).queryKey });
      return;
    }
    case 'evidence.custody': {
      const { itemId } = frame.data;
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.custody(itemId).queryKey });
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.verification(itemId).queryKey, refetchType: 'none' });
      return;
    }
    case 'realtime.reset':
      // Missed events: everything but the open item (see above) is read again.
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.custodyAll() });
      void queryClient.invalidateQueries({ queryKey: evidenceQueries.verificationAll(), refetchType: 'none' });
      return;
    default:
      return;
  }
}
