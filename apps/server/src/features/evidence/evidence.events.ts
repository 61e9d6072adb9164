import type { OperationalEvent } from '../../realtime/events';
import { presentEvidence } from './evidence.presenter';
import type { CustodyRow, EvidenceView } from './evidence.repository';

/** Evidence goes to the shared "evidence" channel, which only command and analysts may hear (the same rule as reviewing it over HTTP). */
export const evidenceEvents = {
  created: (item: EvidenceView): OperationalEvent => ({ type: 'evidence.created', channels: ['evidence'], data: presentEvidence(item) }),
  /** A review or a link: the item's new state (its custody log grew by the matching entry). */
  updated: (item: EvidenceView): OperationalEvent => ({ type: 'evidence.updated', channels: ['evidence'], data: presentEvidence(item) }),
  custody: (entry: CustodyRow): OperationalEvent => ({
    type: 'evidence.custody',
    channels: ['evidence'],
    data: { itemId: entry.item_id, seq: Number(entry.seq), action: entry.action, at: Number(entry.at) },
    priority: 'low',
  }),
};
