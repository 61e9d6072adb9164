import { useEffect, useRef, useState } from 'react';
import type { Camera } from '@argus/contracts/http/cameras';
import { Button } from '../../components/ui/Button';
import { describeError } from '../../lib/api-error';
import type { DetectorClient } from '../../lib/detection/detector-client';
import { FeedAnalyser, type AnalyserStats } from '../../lib/detection/feed-analyser';
import type { DetectedObject } from '../../lib/detection/protocol';
import { BoxOverlay } from './BoxOverlay';
import { sendHeartbeat } from '../cameras/cameras.mutations';
import { DetectionReporter, reportable } from './detection-reporter';
import type { DetectionEntry } from './detection-entry';
import { useDeviceCamera } from './useDeviceCamera';
import { useRoomViewer } from './useRoomViewer';

const HEARTBEAT_MS = 10_000;
/** The detection feed gets at most one thumbnail a second per camera. */
const FEED_EVERY_MS = 1000;

export interface LiveFeedProps {
  camera: Camera;
  startDetector: () => Promise<DetectorClient>;
  onDetection: (entry: DetectionEntry) => void;
  onClose: () => void;
}

function thumbnailOf(video: HTMLVideoElement): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 120;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.7);
}

/** Reads how many frames per second a <video> showed between two calls. */
function frameRateMeter(element: HTMLVideoElement) {
  let last: { frames: number; at: number } | null = null;
  return (): number | undefined => {
    const frames = element.getVideoPlaybackQuality().totalVideoFrames;
    const at = performance.now();
    const previous = last;
    last = { frames, at };
    return previous && at > previous.at ? Math.round(((frames - previous.frames) * 10_000) / (at - previous.at)) / 10 : undefined;
  };
}

function roomStatusText(room: string, phase: string, detail: string | null): string {
  const base: Record<string, string> = {
    joining: `Joining stream room ${room}…`,
    connecting: `Connecting to stream room ${room}…`,
    'publisher-away': `Nobody is publishing to stream room ${room} right now.`,
    reconnecting: `Reconnecting to stream room ${room}…`,
    closed: `Stream room ${room} was closed.`,
    failed: `Stream room ${room} cannot be watched.`,
  };
  return [base[phase] ?? '', detail ?? ''].filter(Boolean).join(' ');
}

/**
 * One watched camera: its picture, the boxes of what the detector sees in it, and the figures
 * that say how well it is analysed. While watched, the browser sends the camera's heartbeat.
 */
export function LiveFeed({ camera, startDetector, onDetection, onClose }: LiveFeedProps) {
  const device = useDeviceCamera();
  const [watchRoom, setWatchRoom] = useState(false);
  const viewer = useRoomViewer(watchRoom && device.state.phase !== 'live' ? camera.room : null);
  const video = useRef<HTMLVideoElement>(null);
  const [analysing, setAnalysing] = useState(camera.detection.enabled);
  const [objects, setObjects] = useState<DetectedObject[]>([]);
  const [stats, setStats] = useState<AnalyserStats | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const roomStream = viewer.phase === 'live' && 'stream' in viewer ? viewer.stream : null;
  const stream = device.state.phase === 'live' ? device.state.stream : roomStream;
  const settings = useRef(camera.detection);
  settings.current = camera.detection;

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
  }, [stream]);

  // The camera is alive while this browser plays it; the server turns silence into offline.
  useEffect(() => {
    if (!stream || !video.current) return undefined;
    const frameRate = frameRateMeter(video.current);
    const beat = () =>
      void sendHeartbeat(camera.id, { fps: frameRate() }).catch((error: unknown) =>
        setProblem(`Heartbeat not sent: ${describeError(error)}`),
      );
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [stream, camera.id]);

  useEffect(() => {
    if (!stream || !analysing || !video.current) return undefined;
    const element = video.current;
    const reporter = new DetectionReporter(camera.id, (error) => setProblem(`Detections not sent: ${describeError(error)}`));
    let analyser: FeedAnalyser | null = null;
    let lastFeedAt = 0;
    let lastStatsAt = 0;
    let cancelled = false;
    void startDetector()
      .then((detector) => {
        if (cancelled) return;
        analyser = new FeedAnalyser(
          element,
          detector,
          (result, current) => {
            const wanted = reportable(result.objects, settings.current);
            const shown: DetectedObject[] = wanted.map((object) => ({
              label: object.label,
              score: object.score,
              box: [object.box.x, object.box.y, object.box.w, object.box.h],
            }));
            setObjects(shown);
            const now = performance.now();
            if (now - lastStatsAt > 500) {
              lastStatsAt = now;
              setStats(current);
            }
            if (!result.inferred) return;
            reporter.offer({ at: result.at, detections: wanted, frame: result.size });
            if (shown.length && now - lastFeedAt >= FEED_EVERY_MS) {
              lastFeedAt = now;
              onDetection({
                key: `${camera.id}-${result.at}`,
                cameraId: camera.id,
                cameraName: camera.name,
                at: result.at,
                objects: shown,
                thumbnail: thumbnailOf(element),
              });
            }
          },
          (error) => setProblem(error.message),
        );
        analyser.start();
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      analyser?.stop();
      setObjects([]);
      setStats(null);
    };
  }, [stream, analysing, camera.id, camera.name, startDetector, onDetection]);

  return (
    <article aria-label={`Feed of ${camera.name}`} className="flex flex-col gap-2 rounded-lg border border-line bg-surface-sunken p-3">
      <header className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{camera.name}</h3>
        <Button variant="ghost" onClick={onClose} aria-label={`Close ${camera.name}`}>
          Close
        </Button>
      </header>
      <div className="relative aspect-[4/3] overflow-hidden rounded bg-black">
        <video ref={video} muted playsInline aria-label={`Live picture of ${camera.name}`} className="h-full w-full object-fill" />
        <BoxOverlay objects={objects} />
        {!stream ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center">
            {device.state.phase === 'failed' ? (
              <p role="alert" className="text-danger">
                {device.state.message}
              </p>
            ) : null}
            {viewer.phase !== 'off' ? (
              <p role="status" className="text-sm">
                {roomStatusText(camera.room ?? '', viewer.phase, 'detail' in viewer ? viewer.detail : null)}
              </p>
            ) : null}
            {camera.room && !watchRoom ? <Button onClick={() => setWatchRoom(true)}>{`Watch stream room ${camera.room}`}</Button> : null}
            {!camera.room ? <p className="text-sm text-ink-muted">No stream room is set for this camera.</p> : null}
            <Button
              variant={camera.room ? 'secondary' : 'primary'}
              onClick={() => void device.start()}
              disabled={device.state.phase === 'starting'}
            >
              {device.state.phase === 'starting' ? 'Starting camera…' : 'Use this device’s camera'}
            </Button>
          </div>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={analysing} onChange={(event) => setAnalysing(event.target.checked)} />
        Detect objects in this feed
      </label>
      {stats ? (
        <p className="text-sm text-ink-muted" data-testid="analysis-stats">
          {`Analysing ${stats.analysedFps.toFixed(1)} frames/s · model on ${stats.inferredFps.toFixed(1)}/s at ${Math.round(stats.inferenceMs)} ms · ${stats.droppedFps.toFixed(1)}/s skipped (detectors busy) · motion ${(stats.motion * 100).toFixed(1)}%`}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </article>
  );
}
