import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { describeError } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { Button } from '../../components/ui/Button';
import { EvidenceDetail } from './EvidenceDetail';
import { EvidenceFilters } from './EvidenceFilters';
import { EvidenceList } from './EvidenceList';
import { UploadEvidence } from './UploadEvidence';
import { useOpenIncidentChoices } from './incident-choices';
import { useExportEvidenceMutation } from './evidence.mutations';
import { NO_FILTERS, evidenceQueries, type EvidenceFilterValues } from './evidence.queries';
import { useEvidenceLive } from './useEvidenceLive';

/**
 * /evidence-review: every evidence item with its SHA-256, a viewer, its chain of custody, review,
 * links to incidents, upload, and export of a package that can be checked with sha256sum
 * (docs/decisions/0011-what-each-page-does.md). The open item lives in the address (?item=), so Back closes it.
 */
export function EvidenceReviewPage() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<EvidenceFilterValues>(NO_FILTERS);
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  useEvidenceLive();
  const incidents = useOpenIncidentChoices();
  const cursor = cursors.at(-1) ?? null;
  const list = useQuery(evidenceQueries.list(filters, cursor));
  const exporter = useExportEvidenceMutation();
  const itemId = params.get('item');

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const [uploaders, setUploaders] = useState<Map<string, string>>(new Map());
  // Who captured what is learnt from the items seen so far, so the filter offers real names.
  const knownUploaders = useMemo(() => {
    const next = new Map(uploaders);
    for (const item of items) if (item.capturedBy && item.capturedByName) next.set(item.capturedBy, item.capturedByName);
    return next;
  }, [items, uploaders]);
  if (knownUploaders.size !== uploaders.size) setUploaders(knownUploaders);

  const openItem = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('item', id);
      else next.delete('item');
      return next;
    });
  const handleFilters = (next: EvidenceFilterValues) => {
    setFilters(next);
    setCursors([null]);
  };
  const handleChoose = (id: string, isChosen: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (isChosen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className={cn('space-y-4', itemId ? 'hidden xl:block' : null)}>
          <section aria-labelledby="evidence-list-heading" className="space-y-3">
            <h2 id="evidence-list-heading" className="text-lg font-semibold">
              Evidence
            </h2>
            <EvidenceFilters
              value={filters}
              onChange={handleFilters}
              incidents={incidents}
              uploaders={[...knownUploaders].map(([id, name]) => ({ id, name }))}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button disabled={chosen.size === 0 || exporter.isPending} onClick={() => exporter.mutate([...chosen])}>
                {exporter.isPending ? 'Preparing the package...' : `Export selected (${chosen.size})`}
              </Button>
              {chosen.size > 0 ? (
                <Button variant="ghost" onClick={() => setChosen(new Set())}>
                  Clear selection
                </Button>
              ) : null}
              {exporter.isSuccess ? (
                <p role="status">{`Exported ${exporter.data.itemIds.length === 1 ? 'one item' : `${exporter.data.itemIds.length} items`} as ${exporter.data.name}.`}</p>
              ) : null}
              {exporter.isError ? <p role="alert" className="text-danger">{`Export failed: ${describeError(exporter.error)}`}</p> : null}
            </div>
            {list.isPending ? <p>Loading evidence...</p> : null}
            {list.isError ? <p className="text-danger">{`Could not load evidence: ${describeError(list.error)}`}</p> : null}
            {list.data && items.length === 0 ? <p className="text-ink-muted">No evidence matches these filters.</p> : null}
            {items.length > 0 ? (
              <EvidenceList items={items} selectedId={itemId} chosen={chosen} onOpen={openItem} onChoose={handleChoose} />
            ) : null}
            <nav aria-label="Evidence pages" className="flex gap-2">
              {cursors.length > 1 ? (
                <Button variant="secondary" onClick={() => setCursors((current) => current.slice(0, -1))}>
                  Newer
                </Button>
              ) : null}
              {list.data?.nextCursor ? (
                <Button variant="secondary" onClick={() => setCursors((current) => [...current, list.data.nextCursor])}>
                  Older
                </Button>
              ) : null}
            </nav>
          </section>
          <UploadEvidence incidents={incidents} onUploaded={(id) => openItem(id)} />
        </div>
        {itemId ? (
          <EvidenceDetail key={itemId} itemId={itemId} incidents={incidents} onClose={() => openItem(null)} />
        ) : (
          <p className="hidden rounded-lg border border-dashed border-line p-6 text-ink-muted xl:block">
            Choose an item to see it, its SHA-256, whether it verifies, and its chain of custody.
          </p>
        )}
      </div>
    </div>
  );
}
