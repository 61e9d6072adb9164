import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Radio, VideoOff } from 'lucide-react';
import { DEFAULT_STREAM_DEFAULTS } from '@argus/contracts/http/stream-settings';
import { unitRoomId } from '@argus/contracts/http/streams';
import type { Unit } from '@argus/contracts/http/units';
import { describeMediaError, openCamera, stopStream } from '../../lib/webrtc/media';
import { formatBitrate } from '../../lib/webrtc/stats';
import type { DevicePosition } from '../../lib/geo/device-position';
import { TelemetrySource, type TelemetryFix } from '../../lib/webrtc/telemetry';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/class-names';
import { streamSettingsQueries } from '../stream-settings/stream-settings.queries';
import { CONNECTION_LABELS, useRoomConnection } from '../video/useRoomConnection';
import { useStats } from '../video/useStats';
import { VideoView } from '../video/VideoView';

/** How often the phone's position, heading and battery ride along with the video. */
const TELEMETRY_EVERY_MS = 2_000;

/**
 * "Go live": one tap opens the rear camera upright and publishes it to the unit's room, with an
 * unmistakable on-air indicator. The connection heals itself when the network flaps; only
 * "End live" stops it.
 */
export function GoLivePanel({ unit, position }: { unit: Unit; position: DevicePosition }) {
  const defaults = useQuery(streamSettingsQueries.mine());
  const settings = defaults.data?.defaults ?? DEFAULT_STREAM_DEFAULTS;
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRoomConnection({ room: stream ? unitRoomId(unit.id) : null, role: 'publish', stream, encoding: settings });
  const stats = useStats(live.pc, 'send');
  const onAir = live.state === 'live';
  // The page's one geolocation watch, read as each telemetry message goes.
  const fixRef = useRef<TelemetryFix>(null);
  fixRef.current = position.status === 'fix' ? { lat: position.location.lat, lon: position.location.lon, course: position.heading } : null;

  useEffect(() => () => stopStream(stream), [stream]);

  // Telemetry only while connected; the source releases GPS and sensors when live ends.
  const connection = live.connection;
  useEffect(() => {
    if (!connection) return undefined;
    const source = new TelemetrySource(() => fixRef.current);
    source.start();
    const timer = setInterval(() => connection.sendTelemetry(source.read()), TELEMETRY_EVERY_MS);
    return () => {
      clearInterval(timer);
      source.stop();
    };
  }, [connection]);

  const handleGoLive = async () => {
    setOpening(true);
    setError(null);
    try {
      setStream(await openCamera(settings, { facingMode: 'environment', portrait: true }));
    } catch (failure) {
      setError(describeMediaError(failure));
    } finally {
      setOpening(false);
    }
  };

  const handleEnd = () => {
    setStream(null);
  };

  return (
    <section aria-labelledby="go-live-heading" className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="go-live-heading" className="text-lg font-semibold">
          Live video
        </h2>
        {stream ? (
          <p
            role="status"
            data-testid="on-air"
            data-state={live.state}
            className={cn(
              'flex items-center gap-2 rounded-md px-3 py-1 text-sm font-bold uppercase tracking-wide',
              onAir ? 'bg-danger-surface text-white' : 'border border-warning text-warning',
            )}
          >
            <span aria-hidden="true" className={cn('size-3 rounded-full', onAir ? 'animate-pulse bg-white' : 'bg-warning')} />
            {onAir ? 'On air' : CONNECTION_LABELS[live.state]}
          </p>
        ) : null}
      </div>
      {stream ? (
        <>
          <VideoView stream={stream} className="mx-auto aspect-[9/16] max-h-[50dvh] w-full rounded-lg" aria-label="What you are sending" />
          {live.detail && !onAir ? <p className="text-sm text-warning">{live.detail}</p> : null}
          {live.state === 'failed' ? (
            <p role="alert" className="rounded-md border border-danger p-3 text-danger">
              Going live was refused: {live.detail}
            </p>
          ) : null}
          <p className="text-sm text-ink-muted">
            {onAir
              ? `Command can see you. Sending ${formatBitrate(stats?.bitrate ?? null)}${live.roomStats ? `, ${live.roomStats.viewers} watching` : ''}.`
              : 'Connecting to command...'}
          </p>
          <Button variant="secondary" className="w-full" onClick={handleEnd}>
            <VideoOff aria-hidden="true" className="size-5" />
            End live
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            Sends the rear camera and microphone to command, with your position, heading and battery.
          </p>
          {error ? (
            <p role="alert" className="rounded-md border border-danger p-3 text-danger">
              {error}
            </p>
          ) : null}
          <Button className="min-h-14 w-full text-lg" onClick={() => void handleGoLive()} disabled={opening}>
            <Radio aria-hidden="true" className="size-6" />
            {opening ? 'Opening the camera...' : 'Go live'}
          </Button>
        </>
      )}
    </section>
  );
}
