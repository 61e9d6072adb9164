import { useState, type FormEvent } from 'react';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useUpdateBasemapMutation } from './basemaps.mutations';
import { serverFieldErrors } from './server-field-errors';

/**
 * The credit a basemap's licence asks for ("© OpenStreetMap contributors"), edited in place: an
 * uploaded file's metadata often names none, and every map shows what is set here.
 */
export function AttributionForm({ basemap, onDone }: { basemap: Basemap; onDone: () => void }) {
  const update = useUpdateBasemapMutation();
  const [draft, setDraft] = useState(basemap.attribution);
  const [error, setError] = useState<string>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    update.mutate(
      { id: basemap.id, changes: { attribution: draft.trim() } },
      { onSuccess: onDone, onError: (failure) => setError(serverFieldErrors(failure, ['attribution'], 'attribution').attribution) },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <TextField
        label={`Attribution for ${basemap.name}`}
        name="attribution"
        value={draft}
        maxLength={500}
        autoFocus
        hint="Credit the map's makers as its licence asks, e.g. © OpenStreetMap contributors"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        error={error}
        className="min-w-0 flex-1 basis-60"
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          Save attribution
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
