import { useState, type FormEvent } from 'react';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { TextField } from '../../components/ui/TextField';
import { describeError } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { describeCoverage, describeSource, describeTiles, describeZoom } from './basemap-describe';
import { AttributionForm } from './AttributionForm';
import { useUpdateBasemapMutation } from './basemaps.mutations';
import { serverFieldErrors } from './server-field-errors';

export interface BasemapRowProps {
  basemap: Basemap;
  /** Place in the list, 0 first, and how many there are: what moving up or down sends. */
  index: number;
  count: number;
  selected: boolean;
  onSelect: (id: string | null) => void;
  onRemove: (basemap: Basemap) => void;
}

/** Words after a button's visible text, so a screen reader hears which basemap it acts on. */
const For = ({ name }: { name: string }) => <span className="sr-only">{` ${name}`}</span>;

/** One basemap: what it is and where it comes from, and the actions on it; its name is renamed in place. */
export function BasemapRow({ basemap, index, count, selected, onSelect, onRemove }: BasemapRowProps) {
  const update = useUpdateBasemapMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [renameError, setRenameError] = useState<string>();
  const [actionError, setActionError] = useState<string>();
  const [editingCredit, setEditingCredit] = useState(false);
  const source = describeSource(basemap);
  const coverage = describeCoverage(basemap);

  const change = (changes: Parameters<typeof update.mutate>[0]['changes']) => {
    setActionError(undefined);
    update.mutate({ id: basemap.id, changes }, { onError: (error) => setActionError(describeError(error)) });
  };

  const handleRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = (draft ?? '').trim();
    if (!name) {
      setRenameError('Give the basemap a name.');
      return;
    }
    setRenameError(undefined);
    update.mutate(
      { id: basemap.id, changes: { name } },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => setRenameError(serverFieldErrors(error, ['name'], 'name').name),
      },
    );
  };

  return (
    <li
      aria-label={basemap.name}
      className={cn('space-y-3 rounded-lg border p-4', selected ? 'border-gold bg-surface-raised' : 'border-line')}
    >
      {draft === null ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-pressed={selected}
            aria-label={`Show ${basemap.name} on the coverage map`}
            onClick={() => onSelect(selected ? null : basemap.id)}
            className="min-h-11 min-w-0 break-words rounded-md text-left text-lg font-semibold underline-offset-4 hover:underline"
          >
            {basemap.name}
          </button>
          {basemap.isDefault ? (
            <span className="rounded-full border border-gold px-2.5 py-0.5 text-sm font-semibold text-gold">Default</span>
          ) : null}
        </div>
      ) : (
        <form onSubmit={handleRename} noValidate className="flex flex-wrap items-end gap-2">
          <TextField
            label={`New name for ${basemap.name}`}
            name="name"
            value={draft}
            maxLength={80}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setDraft(null);
                setRenameError(undefined);
              }
            }}
            error={renameError}
            className="min-w-0 flex-1 basis-60"
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending}>
              Save name
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(null);
                setRenameError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Source</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {source.summary}
          {source.detail ? <span className="text-ink-muted">{`: ${source.detail}`}</span> : null}
        </dd>
        <dt className="text-ink-muted">Tiles</dt>
        <dd>{describeTiles(basemap)}</dd>
        <dt className="text-ink-muted">Zoom</dt>
        <dd>{describeZoom(basemap).replace(/^Zoom /, '')}</dd>
        <dt className="text-ink-muted">Attribution</dt>
        <dd className="min-w-0 break-words">{basemap.attribution || 'None given'}</dd>
        {coverage ? (
          <>
            <dt className="text-ink-muted">Coverage</dt>
            <dd>{coverage}</dd>
          </>
        ) : null}
      </dl>
      {editingCredit ? <AttributionForm basemap={basemap} onDone={() => setEditingCredit(false)} /> : null}
      <div className="flex flex-wrap gap-2">
        {draft === null ? (
          <Button variant="secondary" onClick={() => setDraft(basemap.name)}>
            Rename
            <For name={basemap.name} />
          </Button>
        ) : null}
        {editingCredit ? null : (
          <Button variant="secondary" onClick={() => setEditingCredit(true)}>
            Edit attribution
            <For name={basemap.name} />
          </Button>
        )}
        <Button variant="secondary" disabled={index === 0 || update.isPending} onClick={() => change({ order: index - 1 })}>
          Move up
          <For name={basemap.name} />
        </Button>
        <Button variant="secondary" disabled={index === count - 1 || update.isPending} onClick={() => change({ order: index + 1 })}>
          Move down
          <For name={basemap.name} />
        </Button>
        {basemap.isDefault ? null : (
          <Button variant="secondary" disabled={update.isPending} onClick={() => change({ isDefault: true })}>
            Make default
            <For name={basemap.name} />
          </Button>
        )}
        <Button variant="danger" onClick={() => onRemove(basemap)}>
          Remove
          <For name={basemap.name} />
        </Button>
      </div>
      <FieldError message={actionError} alert />
    </li>
  );
}
