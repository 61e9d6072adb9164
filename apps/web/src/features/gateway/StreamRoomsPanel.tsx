import { lazy, Suspense } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGNALING_PATH, StreamHealthResponse, whepPath, type RoomHealth } from '@argus/contracts/http/streams';
import { api } from '../../lib/api';
import { describeError, isApiError } from '../../lib/api-error';
import { useRealtime } from '../../lib/realtime';
import { useAuth } from '../auth/auth-context';
import { needsSecondFactor } from '../auth/auth-state';

// The form loads only for a visitor the rooms are refused to.
const StreamGatewaySignIn = lazy(async () => ({ default: (await import('./StreamGatewaySignIn')).StreamGatewaySignIn }));

const HEALTH_KEY = ['stream', 'health'] as const;

const STATUS_TEXT: Record<RoomHealth['status'], string> = {
  waiting: 'Waiting',
  live: 'Live',
  reconnecting: 'Reconnecting',
  ended: 'Ended',
};

/**
 * Live rooms with their health, and each room's WHIP and WHEP endpoints. Room details are
 * operational data: they show only to a signed-in command or analyst session on this site.
 * Rooms opening, going live and closing arrive on the realtime "streams" channel; the figures
 * (bitrate, frame rate, loss) are re-read every few seconds.
 */
export function StreamRoomsPanel() {
  const origin = window.location.origin;
  const queryClient = useQueryClient();
  const { state } = useAuth();
  // Signing in (or answering the second factor) here asks again with the new session.
  const signedIn = state.status === 'valid' ? `${state.user.id}:${state.session.aal}` : state.status;
  const health = useQuery({
    queryKey: [...HEALTH_KEY, signedIn],
    queryFn: () => api.get('/stream/health', StreamHealthResponse, { ignoreSessionEnd: true }),
    refetchInterval: 5_000,
    retry: false,
  });
  const refused = isApiError(health.error) && (health.error.status === 401 || health.error.status === 403);
  // Signed out, or halfway through signing in: the form is offered here (a 403 to a signed-in role stays a refusal).
  const offerSignIn =
    isApiError(health.error) && (health.error.status === 401 || (state.status === 'valid' && needsSecondFactor(state.session)));
  // Signed-out visitors see only the endpoint patterns: no socket is opened for them.
  useRealtime(health.data ? ['streams'] : [], (frame) => {
    if (frame.type.startsWith('stream.') || frame.type === 'realtime.reset') void queryClient.invalidateQueries({ queryKey: HEALTH_KEY });
  });
  return (
    <section aria-labelledby="rooms-heading" className="rounded-lg border border-line bg-surface-raised p-4">
      <h2 id="rooms-heading" className="mb-2 text-lg font-semibold">
        Live rooms and WHIP/WHEP endpoints
      </h2>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Publish (WHIP)</dt>
        <dd className="font-mono break-all">{`POST ${origin}/whip/{room}`}</dd>
        <dt className="text-ink-muted">Watch (WHEP)</dt>
        <dd className="font-mono break-all">{`POST ${origin}/whep/{room}`}</dd>
        <dt className="text-ink-muted">Signalling</dt>
        <dd className="font-mono break-all">{`${origin.replace(/^http/, 'ws')}${SIGNALING_PATH}`}</dd>
        <dt className="text-ink-muted">Credential</dt>
        <dd>Authorization: Bearer with a stream token from POST /stream/join, or an access token</dd>
      </dl>
      {health.isPending ? <p>Loading rooms...</p> : null}
      {refused ? (
        <p>
          The live rooms and their health show only to command staff and analysts signed in on this site; on the main site they are on the
          video wall.
        </p>
      ) : null}
      {offerSignIn ? (
        <Suspense fallback={<p>Loading sign-in...</p>}>
          <StreamGatewaySignIn />
        </Suspense>
      ) : null}
      {health.isError && !refused ? <p className="text-danger">{`Could not load the rooms: ${describeError(health.error)}`}</p> : null}
      {health.data ? (
        <>
          <p className="mb-2 text-sm">
            {`Media server: ${health.data.sfu.state}${health.data.sfu.restarts > 0 ? `, restarted ${health.data.sfu.restarts} times` : ''}`}
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-ink-muted">
                <th scope="col">Room</th>
                <th scope="col">Status</th>
                <th scope="col">Viewers</th>
                <th scope="col">Bitrate</th>
                <th scope="col">Frame rate</th>
                <th scope="col">Loss</th>
                <th scope="col">Round trip (publisher / viewers)</th>
                <th scope="col">WHEP</th>
              </tr>
            </thead>
            <tbody>
              {health.data.rooms.map((room) => (
                <tr key={room.id} data-room={room.id} className="border-t border-line">
                  <td>{room.name}</td>
                  <td>{STATUS_TEXT[room.status]}</td>
                  <td>{room.viewers}</td>
                  <td>{room.publisher ? `${Math.round(room.publisher.bitrateKbps)} kbit/s` : '—'}</td>
                  <td>{room.publisher ? `${Math.round(room.publisher.fps)} fps` : '—'}</td>
                  <td>{room.publisher ? `${(room.publisher.packetLoss * 100).toFixed(1)}%` : '—'}</td>
                  <td>{`${formatRtt(room.publisher?.rttMs ?? null)} / ${formatRtt(room.viewerRttMs)}`}</td>
                  <td className="font-mono break-all">{whepPath(room.id)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

/** Round trips on a LAN are fractions of a millisecond; across the internet, tens to hundreds. */
function formatRtt(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
