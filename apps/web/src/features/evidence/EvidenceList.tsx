import type { EvidenceItem } from '@argus/contracts/http/evidence';
import { cn } from '../../lib/class-names';
import { formatBytes } from '@argus/contracts/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { KIND_LABELS, STATUS_LABELS, formatTime, shortHash } from './evidence-format';

/** The items as a table: a checkbox to choose for export, and the name to open one. */
export function EvidenceList({
  items,
  selectedId,
  chosen,
  onOpen,
  onChoose,
}: {
  items: EvidenceItem[];
  selectedId: string | null;
  chosen: ReadonlySet<string>;
  onOpen: (id: string) => void;
  onChoose: (id: string, isChosen: boolean) => void;
}) {
  const allChosen = items.length > 0 && items.every((item) => chosen.has(item.id));
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Evidence items, newest first</caption>
        <thead className="bg-surface-raised">
          <tr>
            <th scope="col" className="p-2">
              <input
                type="checkbox"
                aria-label="Choose every item shown for export"
                className="size-5"
                checked={allChosen}
                onChange={(event) => items.forEach((item) => onChoose(item.id, event.target.checked))}
              />
            </th>
            <th scope="col" className="p-2">
              File
            </th>
            <th scope="col" className="p-2">
              Kind
            </th>
            <th scope="col" className="p-2">
              Status
            </th>
            <th scope="col" className="p-2">
              Captured by
            </th>
            <th scope="col" className="p-2">
              Added
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.id}
              className={cn('border-t border-line', item.id === selectedId ? 'bg-surface-raised' : null)}
              aria-current={item.id === selectedId ? 'true' : undefined}
            >
              <td className="p-2">
                <input
                  type="checkbox"
                  aria-label={`Choose ${displayFileName(item.filename)} for export`}
                  className="size-5"
                  checked={chosen.has(item.id)}
                  onChange={(event) => onChoose(item.id, event.target.checked)}
                />
              </td>
              <td className="p-2">
                <button
                  type="button"
                  className="text-left font-medium text-ink underline decoration-gold underline-offset-4 hover:text-gold"
                  onClick={() => onOpen(item.id)}
                >
                  {displayFileName(item.filename)}
                </button>
                <span className="block font-mono text-xs text-ink-muted" title={item.sha256}>
                  {`SHA-256 ${shortHash(item.sha256)}`}
                  <span className="sr-only">{`, ${formatBytes(item.size)}`}</span>
                </span>
                {item.derivedFromId ? <span className="block text-xs text-ink-muted">Public copy without location</span> : null}
              </td>
              <td className="p-2">{KIND_LABELS[item.kind]}</td>
              <td className="p-2">{STATUS_LABELS[item.status]}</td>
              <td className="p-2">{item.capturedByName ?? '—'}</td>
              <td className="p-2 whitespace-nowrap">{formatTime(item.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
