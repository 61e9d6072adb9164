import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TakContact } from '@argus/contracts/http/tak';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { toast } from '../../components/ui/toast-store';
import { describeError } from '../../lib/api-error';
import { isTakContactStale } from '../../lib/map/overlays/tak-contacts';
import { useRealtime } from '../../lib/realtime';
import { formatAge, formatDateTime } from '../../lib/time-format';
import { useNow } from '../../lib/useNow';
import { unitQueries } from '../units/units.queries';
import { useBindTakContactMutation } from './tak.mutations';
import { patchTakContacts } from './tak.live';
import { takContactQueries } from './tak.queries';

/** The section's anchor, for a link straight to it (the command map's card names it). */
const TAK_SECTION_ID = 'tak-devices';

/** A device speaks in the name of its unit's crew, so only units with a crew can take one. */
const crewed = (units: readonly Unit[]) => units.filter((unit) => unit.members.length > 0);

function BindControls({
  contact,
  units,
  disabled,
  onBind,
}: {
  contact: TakContact;
  units: readonly Unit[];
  disabled: boolean;
  onBind: (unitId: string | null) => void;
}) {
  const [unitId, setUnitId] = useState('');
  if (contact.unit)
    return (
      <Button type="button" variant="secondary" disabled={disabled} onClick={() => onBind(null)} aria-label={`Unbind ${contact.callsign}`}>
        Unbind
      </Button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (unitId) onBind(unitId);
      }}
    >
      <select
        aria-label={`Unit for ${contact.callsign}`}
        value={unitId}
        onChange={(event) => setUnitId(event.target.value)}
        className="min-h-11 rounded-md border border-line bg-surface px-2"
      >
        <option value="">Choose a unit</option>
        {units.map((unit) => (
          <option key={unit.id} value={unit.id}>
            {unit.callsign}
          </option>
        ))}
      </select>
      <Button type="submit" disabled={disabled || !unitId} aria-label={`Bind ${contact.callsign}`}>
        Bind
      </Button>
    </form>
  );
}

/**
 * Settings › TAK devices (docs/decisions/0061-tak-cot-endpoint-first-slice.md): the ATAK, iTAK and
 * WinTAK devices heard on the CoT endpoint, and the unit each speaks for. Binding one makes its
 * positions, chat and 911 its unit's; the server audits it and refuses what cannot work, said here
 * in its words. Kept live from the "tak" channel; loaded lazily, so the app shell stays small.
 */
export function TakContactsSection() {
  const queryClient = useQueryClient();
  const contacts = useQuery(takContactQueries.list());
  const units = useQuery(unitQueries.list());
  const bind = useBindTakContactMutation();
  const now = useNow(15_000);
  const [failure, setFailure] = useState<string | null>(null);
  useRealtime(['tak'], (frame) => {
    if (frame.type === 'tak-contact.updated') patchTakContacts(queryClient, [frame.data]);
  });
  const bindable = crewed(units.data ?? []);

  const change = (contact: TakContact, unitId: string | null) => {
    setFailure(null);
    bind.mutate(
      { uid: contact.uid, unitId },
      {
        onSuccess: ({ contact: saved }) =>
          toast({ title: saved.unit ? `${saved.callsign} now speaks for ${saved.unit.callsign}` : `${saved.callsign} unbound` }),
        onError: (error) =>
          setFailure(`${unitId ? `${contact.callsign} was not bound` : `${contact.callsign} was not unbound`}: ${describeError(error)}`),
      },
    );
  };

  return (
    <section id={TAK_SECTION_ID} aria-labelledby="tak-devices-heading" className="scroll-mt-4 space-y-4">
      <h2 id="tak-devices-heading" className="text-xl font-semibold">
        TAK devices
      </h2>
      <p className="text-ink-muted">
        ATAK, iTAK and WinTAK devices heard on the CoT endpoint. A device bound to a unit moves that unit on the maps, writes in its
        conversation with command and raises its SOS, in the name of its first active crew member; an unbound one is only shown on the
        command map.
      </p>
      {contacts.isPending ? <p>Loading TAK devices...</p> : null}
      {contacts.isError ? <p className="text-danger">{`Could not load TAK devices: ${describeError(contacts.error)}`}</p> : null}
      {units.isError ? <p className="text-danger">{`Could not load the units to bind to: ${describeError(units.error)}`}</p> : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {contacts.data && contacts.data.length === 0 ? <p>No TAK device has connected yet.</p> : null}
      {contacts.data && contacts.data.length > 0 ? (
        // A list rather than a table: on a phone each device is one block, with nothing to scroll sideways.
        <ul aria-label="TAK devices heard" className="divide-y divide-line border-y border-line">
          {contacts.data.map((contact) => (
            <li key={contact.uid} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
              <div className="min-w-0">
                <span className="font-medium">{contact.callsign}</span>
                <span className="block break-all font-mono text-xs text-ink-muted">{`${contact.uid} · ${contact.cotType}`}</span>
              </div>
              <p className={isTakContactStale(contact, now) ? 'text-warning' : undefined} title={formatDateTime(contact.lastSeen)}>
                {`Heard ${formatAge(contact.lastSeen, now)}`}
                {contact.battery !== null ? <span className="block text-sm text-ink-muted">{`Battery ${contact.battery}%`}</span> : null}
              </p>
              <p>{contact.unit ? `Bound to ${contact.unit.callsign}` : <span className="text-ink-muted">No unit</span>}</p>
              <div className="justify-self-start">
                <BindControls contact={contact} units={bindable} disabled={bind.isPending} onBind={(unitId) => change(contact, unitId)} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {units.data && bindable.length === 0 ? (
        <p className="text-ink-muted">No unit has a crew yet: a device can only be bound to a unit with one.</p>
      ) : null}
    </section>
  );
}
