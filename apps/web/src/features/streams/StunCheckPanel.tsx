import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { checkStunReachability, type StunCheckResult } from '../../lib/webrtc/stun-check';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { streamSettingsQueries } from '../stream-settings/stream-settings.queries';

/** Gathers ICE candidates with the platform's servers and says whether STUN (srflx) and TURN (relay) answered. */
export function StunCheckPanel() {
  const platform = useQuery(streamSettingsQueries.platform());
  const [result, setResult] = useState<StunCheckResult | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const servers = platform.data?.effectiveIceServers ?? [];
  const stunUrls = servers.flatMap((server) => server.urls);

  const handleCheck = async () => {
    setRunning(true);
    setError(null);
    try {
      setResult(await checkStunReachability(servers));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The check could not run.');
    } finally {
      setRunning(false);
    }
  };

  return (
    <section aria-labelledby="stun-heading" className="space-y-3 rounded-lg border border-line p-4">
      <h2 id="stun-heading" className="text-lg font-semibold">
        STUN reachability
      </h2>
      {platform.isError ? <FormMessage tone="error">{describeError(platform.error)}</FormMessage> : null}
      <p className="text-sm text-ink-muted">
        Servers: {platform.isPending ? 'loading...' : stunUrls.length ? stunUrls.join(', ') : 'none configured (host candidates only)'}
      </p>
      <Button variant="secondary" onClick={() => void handleCheck()} disabled={running || platform.isPending}>
        {running ? 'Gathering candidates...' : 'Check STUN reachability'}
      </Button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {result ? (
        <div role="status" data-testid="stun-result" className="space-y-1 text-sm">
          <p className={result.srflxFound ? 'font-semibold text-success' : 'font-semibold text-warning'}>
            {result.srflxFound
              ? `srflx found: STUN answered, public address ${result.publicAddresses.join(', ')}.`
              : stunUrls.length
                ? 'No srflx candidate: no STUN server answered from this network.'
                : 'No srflx candidate: no STUN server is configured.'}
          </p>
          {result.relayFound ? <p className="text-success">relay found: TURN works.</p> : null}
          <p className="text-ink-muted">
            Candidates:{' '}
            {Object.entries(result.counts)
              .map(([type, count]) => `${type} ${count}`)
              .join(', ') || 'none'}{' '}
            in {result.ms} ms
            {result.complete ? '' : ' (stopped at the time limit)'}.
          </p>
        </div>
      ) : null}
    </section>
  );
}
