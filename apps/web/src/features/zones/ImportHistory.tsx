import { useQuery } from '@tanstack/react-query';
import { displayFileName } from '@argus/contracts/file-names';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/time-format';
import { useUndoImportMutation } from './zones.mutations';
import { zoneQueries } from './zones.queries';

/** Past imports (who, when, which file, what came of it), each undoable once. */
export function ImportHistory() {
  const imports = useQuery(zoneQueries.imports());
  const undo = useUndoImportMutation();
  return (
    <section aria-labelledby="import-history-heading" className="space-y-2">
      <h2 id="import-history-heading" className="text-lg font-semibold">
        Past imports
      </h2>
      {imports.isError ? (
        <FormMessage tone="error">{`Past imports could not be loaded: ${describeError(imports.error)}`}</FormMessage>
      ) : null}
      {undo.isError ? <FormMessage tone="error">{describeError(undo.error)}</FormMessage> : null}
      {imports.data?.imports.length === 0 ? <p className="text-ink-muted">No zones have been imported yet.</p> : null}
      {imports.data?.imports.length ? (
        // On a phone the table scrolls inside itself rather than widening the page (issue 19); focusable so keys scroll it too.
        // Relative, so the visually hidden "Undo" heading (absolutely placed) is clipped here too: without a
        // positioned ancestor it was placed past the screen's edge at 360 px and widened the page.
        <div role="region" aria-label="Past imports" tabIndex={0} className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line text-ink-muted">
                <th scope="col" className="py-2 pr-2">
                  File
                </th>
                <th scope="col" className="py-2 pr-2">
                  Imported
                </th>
                <th scope="col" className="py-2 pr-2">
                  Zones
                </th>
                <th scope="col" className="py-2 pr-2">
                  SHA-256
                </th>
                <th scope="col" className="py-2 pr-2">
                  <span className="sr-only">Undo</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.data.imports.map((record) => (
                <tr key={record.id} className="border-b border-line/50">
                  <td className="py-1 pr-2">{`${displayFileName(record.filename)} (${record.format})`}</td>
                  <td className="py-1 pr-2">{`${formatDateTime(record.importedAt)} by ${record.importedByName}`}</td>
                  <td className="py-1 pr-2">{`${record.imported} imported, ${record.rejected} refused`}</td>
                  <td className="py-1 pr-2 font-mono text-xs" title={record.sha256}>
                    {record.sha256.slice(0, 12)}
                  </td>
                  <td className="py-1 pr-2">
                    {record.undoneAt ? (
                      <span className="text-ink-muted">{`Undone ${formatDateTime(record.undoneAt)}`}</span>
                    ) : (
                      <Button
                        variant="secondary"
                        disabled={undo.isPending}
                        onClick={() => undo.mutate(record.id)}
                        aria-label={`Undo the import of ${displayFileName(record.filename)}`}
                      >
                        Undo
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
