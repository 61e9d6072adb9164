import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Radio, Square } from 'lucide-react';
import { CALLER_TEXTS, type CallerLinkStatus, type ShareCallerPositionRequest } from '@argus/contracts/http/caller-links';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError, isApiError } from '../../lib/api-error';
import { clockTime } from '../../lib/time-format';
import { callerApi } from './caller-api';
import { currentFix, describeGeolocationError, type CallerFix } from './caller-geolocation';
import { useLiveSharing } from './useLiveSharing';

/**
 * How often an idle page asks whether its link still works, so a revoked link says so without a
 * reload. Reading the state counts against the address's budget of public calls, so a live share,
 * whose every answer carries the state, does not ask.
 */
const STATUS_POLL_MS = 20_000;

interface Sent {
  fix: CallerFix;
  at: number;
  mode: ShareCallerPositionRequest['mode'];
}

/** Why the link cannot be used, from its state or a refusal; null while it works. */
function endedBecause(status: CallerLinkStatus | undefined, error: unknown): string | null {
  if (isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 409)) return error.message;
  if (status?.state === 'revoked') return CALLER_TEXTS.revoked;
  if (status?.state === 'expired') return CALLER_TEXTS.expired;
  return null;
}

/**
 * The page a caller with no app opens from a text message (docs/decisions/0046-caller-location-links.md):
 * no account, no navigation, nothing about the incident. The caller shares where they are once, or
 * live for up to the link's limit, and sees what was sent and how precise it was.
 */
export function CallerLocationPage() {
  const token = useParams().token ?? '';
  const [refusal, setRefusal] = useState<unknown>(null);
  const [live, setLive] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const queryClient = useQueryClient();
  const statusKey = ['caller', token] as const;
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callerApi.status(token, signal),
    refetchInterval: live ? false : STATUS_POLL_MS,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 3,
  });
  const current = status.data;
  const ended = endedBecause(current, refusal ?? status.error);

  const send = async (fix: CallerFix, mode: Sent['mode']) => {
    try {
      const answer = await callerApi.share(token, { ...fix, mode });
      setSent({ fix, at: Date.now(), mode });
      setProblem(null);
      queryClient.setQueryData(statusKey, answer);
      if (answer.state !== 'live') setLive(false);
    } catch (error) {
      // Sent a moment ago: the next one goes in a few seconds.
      if (isApiError(error) && error.status === 429) return;
      setLive(false);
      if (isApiError(error) && error.message === CALLER_TEXTS.liveOver) setProblem(error.message);
      else if (isApiError(error) && (error.status === 404 || error.status === 409)) setRefusal(error);
      else setProblem(`Your location was not sent: ${describeError(error)}`);
    }
  };

  useLiveSharing(
    live && !ended,
    (fix) => void send(fix, 'live'),
    (error) => {
      setLive(false);
      setProblem(describeGeolocationError(error));
    },
  );

  const shareOnce = async () => {
    setLocating(true);
    setProblem(null);
    try {
      await send(await currentFix(), 'once');
    } catch (error) {
      setProblem(describeGeolocationError(error as GeolocationPositionError));
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col px-4 py-6">
      <main id="main-content" tabIndex={-1} className="space-y-4 outline-none">
        <h1 className="text-2xl font-bold text-gold">Share your location</h1>
        {status.isPending ? <p className="text-ink-muted">Checking the link...</p> : null}
        {ended ? (
          <p role="alert" className="rounded-md border border-danger p-4 text-lg" data-testid="caller-ended">
            {ended}
          </p>
        ) : null}
        {current && !ended ? (
          <>
            <p className="text-lg">
              The emergency team asked where you are. Your phone will ask to share your location with this page: choose Allow.
            </p>
            <div className="flex flex-col gap-3">
              <Button onClick={() => void shareOnce()} disabled={locating || live} className="min-h-14 text-lg">
                <MapPin aria-hidden="true" className="size-5" />
                {locating ? 'Finding your location...' : 'Share my location once'}
              </Button>
              {live ? (
                <Button variant="danger" onClick={() => setLive(false)} className="min-h-14 text-lg">
                  <Square aria-hidden="true" className="size-5" />
                  Stop sharing
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setLive(true)} disabled={locating} className="min-h-14 text-lg">
                  <Radio aria-hidden="true" className="size-5" />
                  {`Share live for up to ${current.liveMaxMinutes} minutes`}
                </Button>
              )}
            </div>
            {live ? (
              <p aria-live="polite" className="font-semibold">
                {current.liveUntil ? `Sharing live until ${clockTime(current.liveUntil)}.` : 'Starting to share live...'} Keep this page
                open.
              </p>
            ) : null}
            {sent ? (
              <FormMessage tone="success">
                {`Location sent at ${clockTime(sent.at, true)}, accurate to about ${Math.round(sent.fix.accuracy)} m.`}
              </FormMessage>
            ) : null}
            {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
            <p className="text-sm text-ink-muted">{`This link works until ${clockTime(current.expiresAt)}. It shows nothing else and needs no app or account.`}</p>
          </>
        ) : null}
        {status.isError && !ended ? (
          <FormMessage tone="error">{`Could not check the link: ${describeError(status.error)}`}</FormMessage>
        ) : null}
      </main>
    </div>
  );
}
