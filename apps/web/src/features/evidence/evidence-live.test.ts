import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { EvidenceItem } from '@argus/contracts/http/evidence';
import { isDroppedAtSocket, testFrame } from '../../test/realtime';
import { applyEvidenceFrame } from './evidence-live';
import { NO_FILTERS, evidenceQueries } from './evidence.queries';

const item: EvidenceItem = {
  id: 'e1',
  incidentId: null,
  kind: 'photo',
  filename: 'scene.png',
  mime: 'image/png',
  size: 10,
  sha256: 'a'.repeat(64),
  status: 'pending_review',
  statusReason: null,
  source: 'upload',
  capturedBy: 'u1',
  capturedByName: 'Field One',
  capturedAt: null,
  capturedWhere: null,
  derivedFromId: null,
  derivedFromSha256: null,
  derivation: null,
  createdAt: 1,
};

const listKey = evidenceQueries.list(NO_FILTERS, null).queryKey;
const itemKey = evidenceQueries.item('e1').queryKey;
const custodyKey = evidenceQueries.custody('e1').queryKey;
const verificationKey = evidenceQueries.verification('e1').queryKey;

/** A page with the list, item e1, its custody log and its badge on screen; counts each fetch by query. */
function openPage() {
  const queryClient = new QueryClient();
  const fetches = new Map<string, number>();
  const watch = (name: string, queryKey: QueryKey, data: unknown) => {
    queryClient.setQueryData(queryKey, data);
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: () => {
        fetches.set(name, (fetches.get(name) ?? 0) + 1);
        return data;
      },
      staleTime: Infinity,
    });
    observer.subscribe(() => undefined);
  };
  watch('list', listKey, { items: [item], nextCursor: null });
  watch('item', itemKey, { item });
  watch('custody', custodyKey, { entries: [] });
  watch('verification', verificationKey, { verification: { itemId: 'e1' } });
  return { queryClient, fetches: (name: string) => fetches.get(name) ?? 0 };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('evidence live updates', () => {
  it('refetches the list for a new item and leaves the open one alone', async () => {
    const page = openPage();
    applyEvidenceFrame(page.queryClient, testFrame('evidence.created', { ...item, id: 'e2' }));
    await settle();
    expect(page.fetches('list')).toBe(1);
    expect(page.fetches('item')).toBe(0);
  });

  it('takes a review or link from the frame without fetching the item (a fetch would be a "viewed" entry), and re-reads its log and badge', async () => {
    const page = openPage();
    applyEvidenceFrame(page.queryClient, testFrame('evidence.updated', { ...item, status: 'accepted', incidentId: 'i1' }));
    await settle();
    expect(page.queryClient.getQueryData<{ item: EvidenceItem }>(itemKey)?.item).toMatchObject({ status: 'accepted', incidentId: 'i1' });
    expect(page.fetches('item')).toBe(0);
    expect([page.fetches('list'), page.fetches('custody'), page.fetches('verification')]).toEqual([1, 1, 1]);
  });

  it('re-reads the custody log for a view or download, and only marks the badge stale rather than re-hash the file', async () => {
    const page = openPage();
    applyEvidenceFrame(page.queryClient, testFrame('evidence.custody', { itemId: 'e1', seq: 5, action: 'downloaded', at: 10 }));
    await settle();
    expect(page.fetches('custody')).toBe(1);
    expect(page.fetches('verification')).toBe(0);
    expect(page.queryClient.getQueryState(verificationKey)?.isInvalidated).toBe(true);
    expect([page.fetches('item'), page.fetches('list')]).toEqual([0, 0]);
  });

  it('never sees frames whose data is not what the contract says (the socket client drops them), and ignores other items’ custody', async () => {
    const page = openPage();
    expect(isDroppedAtSocket('evidence.updated', { id: 'e1', status: 'accepted' })).toBe(true);
    applyEvidenceFrame(page.queryClient, testFrame('evidence.custody', { itemId: 'e9', seq: 2, action: 'viewed', at: 10 }));
    await settle();
    expect(page.queryClient.getQueryData<{ item: EvidenceItem }>(itemKey)?.item.status).toBe('pending_review');
    expect([page.fetches('list'), page.fetches('item'), page.fetches('custody'), page.fetches('verification')]).toEqual([0, 0, 0, 0]);
  });

  it('after missed events re-reads lists and logs but never the open item', async () => {
    const page = openPage();
    applyEvidenceFrame(page.queryClient, testFrame('realtime.reset', { channel: 'evidence', seq: 3 }));
    await settle();
    expect([page.fetches('list'), page.fetches('custody'), page.fetches('item'), page.fetches('verification')]).toEqual([1, 1, 0, 0]);
  });
});
