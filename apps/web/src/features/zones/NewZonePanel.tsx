import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { EMPTY_ZONE_DRAFT, ZoneFields } from './ZoneFields';
import type { LatLon } from '../../lib/geo/mgrs';
import { checkOutline } from './zone-corners';
import { ZoneCornerList } from './ZoneCornerList';
import { useCreateZoneMutation } from './zones.mutations';

/** Drawing a new zone: the outline comes from the map or the corner list, the rest from this form. */
export function NewZonePanel({
  corners,
  onCorners,
  onCreated,
  onCancel,
}: {
  corners: readonly LatLon[];
  onCorners: (corners: LatLon[]) => void;
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(EMPTY_ZONE_DRAFT);
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateZoneMutation();
  return (
    <section aria-labelledby="new-zone-heading" className="space-y-3 rounded-lg border border-gold p-4">
      <h2 id="new-zone-heading" className="text-lg font-semibold">
        New zone
      </h2>
      <p className="text-sm text-ink-muted">
        {corners.length >= 3
          ? 'Adjust the corners on the map or in the list, then save.'
          : 'Click the map to place each corner and click the first one again to close the polygon, or type the corners below.'}
      </p>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const check = checkOutline(corners);
          // Refused here, before anything is sent: the corners stay as they are to be put right.
          if (!check.ok) {
            setRefusal(`The zone was not saved: ${check.problem}`);
            return;
          }
          setRefusal(null);
          create.mutate({ ...draft, geometry: check.polygon }, { onSuccess: ({ zone }) => onCreated(zone.id) });
        }}
      >
        <ZoneFields draft={draft} onChange={setDraft} />
        <ZoneCornerList
          corners={corners}
          onChange={(next) => {
            setRefusal(null);
            onCorners(next);
          }}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={!draft.name.trim() || create.isPending}>
            Save zone
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
        {create.isError ? <FormMessage tone="error">{describeError(create.error)}</FormMessage> : null}
      </form>
    </section>
  );
}
