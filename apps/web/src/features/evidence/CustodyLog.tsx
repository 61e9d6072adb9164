import { useQuery } from '@tanstack/react-query';
import type { CustodyEntry } from '@argus/contracts/http/evidence';
import { describeError } from '../../lib/api-error';
import { evidenceQueries } from './evidence.queries';
import { CUSTODY_LABELS, STATUS_LABELS, formatTime, shortHash } from './evidence-format';

/** The item's chain of custody, oldest first: what happened, who, when, from where, and each entry's hash. */
export function CustodyLog({ itemId, enabled }: { itemId: string; enabled: boolean }) {
  const custody = useQuery({ ...evidenceQueries.custody(itemId), enabled });
  return (
    <section aria-labelledby="custody-heading" className="space-y-2">
      <h3 id="custody-heading" className="text-lg font-semibold">
        Chain of custody
      </h3>
      {custody.isPending ? <p>Loading the custody log...</p> : null}
      {custody.isError ? <p className="text-danger">{`Could not load the custody log: ${describeError(custody.error)}`}</p> : null}
      {custody.data ? (
        <ol className="space-y-2" aria-label="Custody entries, oldest first">
          {custody.data.map((entry) => (
            <li key={entry.seq} className="rounded-md border border-line p-2 text-sm" data-action={entry.action}>
              <p>
                <span className="font-semibold">{`${entry.seq}. ${CUSTODY_LABELS[entry.action]}`}</span>
                {` by ${entry.actorName ?? 'the system'} · ${formatTime(entry.at)}${entry.ip ? ` · from ${entry.ip}` : ''}`}
              </p>
              {describeDetail(entry) ? <p className="text-ink-muted">{describeDetail(entry)}</p> : null}
              <p className="font-mono text-xs text-ink-muted" title={entry.hash}>{`Entry hash ${shortHash(entry.hash)}`}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function describeDetail(entry: CustodyEntry): string | null {
  const detail = entry.detail;
  if (entry.action === 'status_changed') {
    const to = STATUS_LABELS[detail.to as keyof typeof STATUS_LABELS] ?? String(detail.to);
    return detail.reason ? `${to}: ${String(detail.reason)}` : to;
  }
  // Entries from before decision 0056 logged each of the player's requests as an inline download.
  if (entry.action === 'downloaded') return detail.disposition === 'inline' ? 'Shown in the viewer' : 'Saved as a file';
  if (entry.action === 'viewed' && detail.shownBy === 'viewer') return 'Shown in the viewer';
  if (entry.action === 'exported') return `In export ${String(detail.exportId).slice(0, 8)}`;
  return null;
}
