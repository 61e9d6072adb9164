import { useState } from 'react';
import type { ZoneGeometry } from '@argus/contracts/http/zones';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { EMPTY_ZONE_DRAFT, ZoneFields } from './ZoneFields';
import { useCreateZoneMutation } from './zones.mutations';

/** Drawing a new zone: the polygon comes from the map, the rest from this form. */
export function NewZonePanel({
  geometry,
  onCreated,
  onCancel,
}: {
  geometry: ZoneGeometry | null;
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(EMPTY_ZONE_DRAFT);
  const create = useCreateZoneMutation();
  return (
    <section aria-labelledby="new-zone-heading" className="space-y-3 rounded-lg border border-gold p-4">
      <h2 id="new-zone-heading" className="text-lg font-semibold">
        New zone
      </h2>
      <p className="text-sm text-ink-muted">
        {geometry
          ? 'Polygon drawn: adjust its corners on the map if needed, then save.'
          : 'Click the map to place each corner; click the first corner again to close the polygon.'}
      </p>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (geometry) create.mutate({ ...draft, geometry }, { onSuccess: ({ zone }) => onCreated(zone.id) });
        }}
      >
        <ZoneFields draft={draft} onChange={setDraft} />
        <div className="flex gap-2">
          <Button type="submit" disabled={!geometry || !draft.name.trim() || create.isPending}>
            Save zone
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        {create.isError ? <FormMessage tone="error">{describeError(create.error)}</FormMessage> : null}
      </form>
    </section>
  );
}
