import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TakEnrolment } from '@argus/contracts/http/tak';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/time-format';
import { usersQueries } from '../users/users.queries';
import { useCreateTakEnrolmentMutation } from './tak.mutations';

/** Saves the data package the server sent as base64, under the name it gave. */
function download(enrolment: TakEnrolment): void {
  const bytes = Uint8Array.from(atob(enrolment.dataPackage.base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = enrolment.dataPackage.filename;
  link.click();
  // The click only starts the download, which reads the object URL later (after a save dialog, or
  // slowly on a loaded phone): revoked at once it can be cancelled. A minute is ample for a small zip.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Result({ enrolment }: { enrolment: TakEnrolment }) {
  return (
    <div className="space-y-3 rounded-md border border-line p-3" aria-label="TAK enrolment">
      <p>
        {`For ${enrolment.user.name} (${enrolment.user.email}) of ${enrolment.unit.callsign}. Scan the code in ATAK (Network Preferences › Quick Connect), or import the data package; either enrols the device once, before ${formatDateTime(enrolment.expiresAt)}.`}
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={`QR code of ATAK's enrolment link for ${enrolment.user.name}`}
        className="h-56 w-56 rounded bg-white p-2"
      />
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-3">
        <dt className="font-medium">Server</dt>
        <dd className="break-all font-mono">{`${enrolment.host}:${enrolment.ports.cot}:ssl (enrolment ${enrolment.ports.enrolment})`}</dd>
        <dt className="font-medium">Username</dt>
        <dd className="break-all font-mono">{enrolment.user.email}</dd>
        <dt className="font-medium">Token (the password, once)</dt>
        <dd className="break-all font-mono" data-testid="tak-enrolment-token">
          {enrolment.token}
        </dd>
      </dl>
      <p className="text-sm text-ink-muted">Shown once: Argus keeps only a fingerprint of the token.</p>
      <Button type="button" variant="secondary" onClick={() => download(enrolment)}>
        Download the data package
      </Button>
    </div>
  );
}

/**
 * "Enrol a TAK device" (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md): an
 * administrator picks a unit's crew member and gets a one-time token, ATAK's QR code and the
 * onboarding data package. Opened from a unit's card, that unit is chosen already.
 */
export function TakEnrolmentPanel({ units, initialUnitId = null }: { units: readonly Unit[]; initialUnitId?: string | null }) {
  const users = useQuery(usersQueries.list());
  const create = useCreateTakEnrolmentMutation();
  const [unitId, setUnitId] = useState(
    units.find((candidate) => candidate.id === initialUnitId)?.id ?? (units.length === 1 ? units[0]!.id : ''),
  );
  const [userId, setUserId] = useState('');
  // Asking before a second live token: each one enrols a device until it expires.
  const [confirming, setConfirming] = useState(false);
  const unitField = useId();
  const memberField = useId();
  const unit = units.find((candidate) => candidate.id === unitId);
  const names = new Map((users.data ?? []).map((user) => [user.id, user.full_name]));
  const members = unit?.members ?? [];
  const enrolment = create.data?.enrolment;

  // A token on screen belongs to one member of one unit: choosing another takes it (and any refusal) away,
  // so it is never handed to the wrong person.
  const choose = (nextUnitId: string, nextUserId: string) => {
    setUnitId(nextUnitId);
    setUserId(nextUserId);
    setConfirming(false);
    create.reset();
  };
  const make = () => {
    setConfirming(false);
    if (unitId && userId) create.mutate({ unitId, userId });
  };

  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (enrolment) setConfirming(true);
          else make();
        }}
      >
        {units.length > 1 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={unitField} className="text-sm font-medium">
              Unit
            </label>
            <select
              id={unitField}
              value={unitId}
              onChange={(event) => choose(event.target.value, '')}
              disabled={create.isPending}
              className="min-h-11 rounded-md border border-line bg-surface px-2"
            >
              <option value="">Choose a unit</option>
              {units.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.callsign}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={memberField} className="text-sm font-medium">
            Crew member
          </label>
          <select
            id={memberField}
            value={userId}
            onChange={(event) => choose(unitId, event.target.value)}
            disabled={!unit || create.isPending}
            className="min-h-11 rounded-md border border-line bg-surface px-2"
          >
            <option value="">Choose a member</option>
            {members.map((member) => (
              <option key={member} value={member}>
                {names.get(member) ?? member}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={!unitId || !userId || create.isPending || confirming}>
          {create.isPending ? 'Making the token...' : 'Make an enrolment token'}
        </Button>
      </form>
      {confirming && enrolment ? (
        <div role="group" aria-label="Confirm another token" className="flex flex-wrap items-center gap-2">
          <span>{`Make another token? The one shown still enrols a device until ${formatDateTime(enrolment.expiresAt)}.`}</span>
          <Button type="button" onClick={make}>
            Make another token
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
            Keep this one
          </Button>
        </div>
      ) : null}
      {unit && members.length === 0 ? (
        <p className="text-ink-muted">{`${unit.callsign} has no crew: a TAK device speaks for a crew member.`}</p>
      ) : null}
      {users.isError ? <FormMessage tone="error">{`Could not load the crew’s names: ${describeError(users.error)}`}</FormMessage> : null}
      {create.isError ? <FormMessage tone="error">{`No enrolment was made: ${describeError(create.error)}`}</FormMessage> : null}
      {enrolment ? <Result enrolment={enrolment} /> : null}
    </div>
  );
}
