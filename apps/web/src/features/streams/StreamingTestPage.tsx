import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_STREAM_DEFAULTS } from '@argus/contracts/http/stream-settings';
import { describeError } from '../../lib/api-error';
import { describeMediaError, listDevices, openCamera, stopStream, type Devices } from '../../lib/webrtc/media';
import { createTimeCodedStream, type TimeCodedStream } from '../../lib/webrtc/time-coded-stream';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { useAuth } from '../auth/auth-context';
import { StatsTable } from '../video/StatsTable';
import { useGlassToGlass } from '../video/useGlassToGlass';
import { CONNECTION_LABELS, useRoomConnection } from '../video/useRoomConnection';
import { useStats } from '../video/useStats';
import { VideoView } from '../video/VideoView';
import { DevicePicker } from './DevicePicker';
import { ensureRoom } from './streams.mutations';
import { streamSettingsQueries } from '../stream-settings/stream-settings.queries';
import { StunCheckPanel } from './StunCheckPanel';

const NO_DEVICES: Devices = { cameras: [], microphones: [] };

/** /streaming-test: preview with device choice, then a round trip through the SFU with live figures. */
export function StreamingTestPage() {
  const { user } = useAuth();
  const defaults = useQuery(streamSettingsQueries.mine());
  const settings = defaults.data?.defaults ?? DEFAULT_STREAM_DEFAULTS;
  const [devices, setDevices] = useState<Devices>(NO_DEVICES);
  const [camera, setCamera] = useState('');
  const [microphone, setMicrophone] = useState('');
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [coded, setCoded] = useState<TimeCodedStream | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const [roundTripError, setRoundTripError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [watchVideo, setWatchVideo] = useState<HTMLVideoElement | null>(null);

  const open = useCallback(
    async (cameraId: string, microphoneId: string) => {
      setPreviewError(null);
      try {
        const next = await openCamera(settings, { videoDeviceId: cameraId || undefined, audioDeviceId: microphoneId || undefined });
        setPreview(next);
        const found = await listDevices();
        setDevices(found);
        setCamera(next.getVideoTracks()[0]?.getSettings().deviceId ?? cameraId);
        setMicrophone(next.getAudioTracks()[0]?.getSettings().deviceId ?? microphoneId);
      } catch (error) {
        setPreviewError(describeMediaError(error));
      }
    },
    [settings],
  );

  useEffect(() => () => stopStream(preview), [preview]);
  useEffect(() => () => coded?.stop(), [coded]);

  const publish = useRoomConnection({ room, role: 'publish', stream: coded?.stream ?? null, encoding: settings });
  const watch = useRoomConnection({ room: publish.state === 'live' ? room : null, role: 'view' });
  const sendStats = useStats(publish.pc, 'send');
  const receiveStats = useStats(watch.pc, 'receive');
  const delay = useGlassToGlass(watchVideo);

  const handleChange = (cameraId: string, microphoneId: string) => {
    setCamera(cameraId);
    setMicrophone(microphoneId);
    handleStop();
    stopStream(preview);
    setPreview(null);
    void open(cameraId, microphoneId);
  };

  const handleStart = async () => {
    if (!preview || !user) return;
    setStarting(true);
    setRoundTripError(null);
    const id = `test-${user.id}`;
    try {
      await ensureRoom({ id, name: `Streaming test: ${user.full_name}`, kind: 'test' });
      setCoded(createTimeCodedStream(preview, settings.frameRate));
      setRoom(id);
    } catch (error) {
      setRoundTripError(describeError(error));
    } finally {
      setStarting(false);
    }
  };

  function handleStop() {
    setRoom(null);
    setCoded(null);
  }

  const track = preview?.getVideoTracks()[0]?.getSettings();
  return (
    <div className="max-w-6xl space-y-6">
      <section aria-labelledby="preview-heading" className="space-y-3 rounded-lg border border-line p-4">
        <h2 id="preview-heading" className="text-lg font-semibold">
          1. Camera and microphone
        </h2>
        <p className="text-sm text-ink-muted">
          Your defaults: {settings.resolution} at {settings.frameRate} fps, up to {settings.bitrateKbps} kbit/s, codec {settings.codec}{' '}
          (change them in Stream Settings).
        </p>
        {preview ? (
          <>
            <DevicePicker
              devices={devices}
              camera={camera}
              microphone={microphone}
              onCamera={(id) => handleChange(id, microphone)}
              onMicrophone={(id) => handleChange(camera, id)}
            />
            <VideoView stream={preview} mirrored className="aspect-video w-full max-w-xl rounded-md" aria-label="Camera preview" />
            <p className="text-sm" data-testid="preview-settings">
              Capturing {track?.width ?? '?'}×{track?.height ?? '?'} at {track?.frameRate ? Math.round(track.frameRate) : '?'} fps
              {preview.getAudioTracks().length ? ', with sound' : ', no microphone'}.
            </p>
          </>
        ) : (
          <Button onClick={() => void open(camera, microphone)}>Open camera and microphone</Button>
        )}
        {previewError ? <FormMessage tone="error">{previewError}</FormMessage> : null}
      </section>

      <section aria-labelledby="round-trip-heading" className="space-y-3 rounded-lg border border-line p-4">
        <h2 id="round-trip-heading" className="text-lg font-semibold">
          2. Round trip through the SFU
        </h2>
        <p className="text-sm text-ink-muted">
          Publishes the camera with a clock drawn in its corner, watches it back through the SFU and reads the clock out of the decoded
          frames.
        </p>
        {room ? (
          <Button variant="secondary" onClick={handleStop}>
            Stop the round trip
          </Button>
        ) : (
          <Button onClick={() => void handleStart()} disabled={!preview || starting}>
            {starting ? 'Starting...' : 'Publish and watch back'}
          </Button>
        )}
        {roundTripError ? <FormMessage tone="error">{roundTripError}</FormMessage> : null}
        {room ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="space-y-2">
              <h3 className="font-semibold">
                Sending: <span data-testid="publish-state">{CONNECTION_LABELS[publish.state]}</span>
              </h3>
              {publish.detail ? <p className="text-sm text-warning">{publish.detail}</p> : null}
              <StatsTable stats={sendStats} label="Sending statistics" />
            </div>
            <div className="space-y-2">
              <h3 className="font-semibold">
                Watching back: <span data-testid="watch-state">{CONNECTION_LABELS[watch.state]}</span>
              </h3>
              <VideoView
                stream={watch.stream}
                videoRef={setWatchVideo}
                className="aspect-video w-full rounded-md"
                aria-label="Your stream as the SFU sends it back"
              />
              <StatsTable
                stats={receiveStats}
                label="Receiving statistics"
                extra={[
                  { label: 'Glass to glass', value: delay === null ? 'measuring...' : `${Math.round(delay)} ms` },
                  { label: 'Viewers', value: publish.roomStats ? String(publish.roomStats.viewers) : '–' },
                ]}
              />
            </div>
          </div>
        ) : null}
      </section>

      <StunCheckPanel />
    </div>
  );
}
