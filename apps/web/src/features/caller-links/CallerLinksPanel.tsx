import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, Link2, MapPin } from 'lucide-react';
import { CALLER_LINK_MINUTES, CALLER_LIVE_MAX_MINUTES, type CallerLink, type CallerLinkState } from '@argus/contracts/http/caller-links';
import type { Incident } from '@argus/contracts/http/incidents';
import { managesCallerLinks, takesCallerLinks } from '@argus/contracts/policies/caller-links';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { describeError, issueFor } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatCoordinate } from '../../lib/geo/format-coordinate';
import { formatAge, formatClock } from '../../lib/time-format';
import { useAuth } from '../auth/auth-context';
import { callerLinkQueries } from './caller-links.queries';
import { useCreateCallerLinkMutation, useRevokeCallerLinkMutation } from './caller-links.mutations';

export const CALLER_LINK_STATE_LABELS: Record<CallerLinkState, string> = {
  waiting: 'Not opened yet',
  shared: 'Location shared',
  live: 'Sharing live',
  expired: 'Expired',
  revoked: 'Revoked',
};

const stillWorks = (state: CallerLinkState) => state === 'waiting' || state === 'shared' || state === 'live';

/**
 * An incident's caller location links (docs/decisions/0046-caller-location-links.md): make one
 * for a caller with no app (the address is shown once, to copy and send), see where each caller
 * is and how precisely, and revoke a link that should stop working.
 */
export function CallerLinksPanel({
  incident,
  now,
  onShowOnMap,
}: {
  incident: Incident;
  now: number;
  onShowOnMap?: (link: CallerLink) => void;
}) {
  const role = useAuth().user?.role;
  const links = useQuery({ ...callerLinkQueries.forIncident(incident.id), enabled: managesCallerLinks(role) });
  const revoke = useRevokeCallerLinkMutation();
  // In the reader's coordinate format (docs/decisions/0031-coordinates-in-every-format.md).
  const format = useCoordinateFormat();
  if (!managesCallerLinks(role)) return null;
  return (
    <section aria-labelledby="caller-links-heading" className="space-y-3">
      <h3 id="caller-links-heading" className="text-base font-semibold">
        Caller location
      </h3>
      {takesCallerLinks(incident.status) ? <NewCallerLink incidentId={incident.id} /> : null}
      {links.isError ? <p className="text-danger">{`Could not load the caller links: ${describeError(links.error)}`}</p> : null}
      {links.data && links.data.length > 0 ? (
        <ul className="space-y-2" aria-label="Caller links">
          {links.data.map((link) => (
            <li key={link.id} className="space-y-1 rounded-md border border-line p-3 text-sm" data-testid="caller-link">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{CALLER_LINK_STATE_LABELS[link.state]}</span>
                <span className="text-ink-muted">
                  {link.state === 'live' && link.liveUntil
                    ? `live until ${formatClock(link.liveUntil, now)}`
                    : `made ${formatAge(link.createdAt, now)}, open until ${formatClock(link.expiresAt, now)}`}
                </span>
              </p>
              {link.position ? (
                <p data-testid="caller-position">
                  {`Caller ±${Math.round(link.position.accuracy)} m, ${formatAge(link.position.at, now)} · `}
                  <span className="font-mono">{formatCoordinate(link.position, format)}</span>
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {link.position && onShowOnMap ? (
                  <Button variant="secondary" onClick={() => onShowOnMap(link)}>
                    <MapPin aria-hidden="true" className="size-4" />
                    Show caller on map
                  </Button>
                ) : null}
                {stillWorks(link.state) ? (
                  <Button
                    variant="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate({ incidentId: incident.id, linkId: link.id })}
                  >
                    Revoke link
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {revoke.isError ? <FormMessage tone="error">{`Could not revoke the link: ${describeError(revoke.error)}`}</FormMessage> : null}
    </section>
  );
}

/** The create form: how long the link stays open, within the bounds the server keeps, then the address to send. */
function NewCallerLink({ incidentId }: { incidentId: string }) {
  const create = useCreateCallerLinkMutation();
  const [minutes, setMinutes] = useState(String(CALLER_LINK_MINUTES.default));
  const [copied, setCopied] = useState(false);
  const address = create.data ? `${window.location.origin}${create.data.path}` : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    create.mutate({ incidentId, body: { expiresInMinutes: Number(minutes) } });
  };
  const copy = async () => {
    if (!address) return;
    await navigator.clipboard.writeText(address).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="space-y-2">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Make a caller location link">
        <TextField
          label="Link open for (minutes)"
          type="number"
          inputMode="numeric"
          min={CALLER_LINK_MINUTES.min}
          max={CALLER_LINK_MINUTES.max}
          required
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          hint={`${CALLER_LINK_MINUTES.min} to ${CALLER_LINK_MINUTES.max}. The caller shares once, or live for up to ${CALLER_LIVE_MAX_MINUTES} minutes.`}
          error={issueFor(create.error, 'expiresInMinutes')}
          className="w-56"
        />
        <Button type="submit" disabled={create.isPending}>
          <Link2 aria-hidden="true" className="size-4" />
          Make caller link
        </Button>
      </form>
      {create.isError && !issueFor(create.error, 'expiresInMinutes') ? (
        <FormMessage tone="error">{`Could not make the link: ${describeError(create.error)}`}</FormMessage>
      ) : null}
      {address ? (
        <div className="space-y-1 rounded-md border border-gold p-3 text-sm">
          <p>Send this address to the caller by text message. It is shown only now.</p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              value={address}
              aria-label="Caller link"
              data-testid="caller-link-address"
              onFocus={(event) => event.target.select()}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-surface px-2 font-mono text-xs"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
