import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Camera } from '@argus/contracts/http/cameras';
import { describeError } from '../../lib/api-error';
import { clockTime } from '../../lib/time-format';
import { BoxOverlay } from './BoxOverlay';
import { byFrame, detectionQueries } from '../rules/detections.queries';

/** What reached the server from every watching browser: the frames the rules engine sees. */
export function ReportedDetections({ cameras }: { cameras: readonly Camera[] }) {
  const detections = useQuery(detectionQueries.recent());
  const frames = useMemo(() => byFrame(detections.data ?? []), [detections.data]);
  const nameOf = (id: string) => cameras.find((camera) => camera.id === id)?.name ?? 'Unknown camera';
  if (detections.error)
    return (
      <p role="alert" className="text-sm text-danger">{`Reported detections could not be loaded: ${describeError(detections.error)}`}</p>
    );
  if (frames.length === 0) return <p className="text-sm text-ink-muted">Nothing reported yet.</p>;
  return (
    <ol aria-label="Reported detections" className="flex flex-col gap-1">
      {frames.map((frame) => (
        <li key={frame.key} className="flex items-center gap-2 text-sm" data-testid="reported-detection">
          <div className="relative h-9 w-12 shrink-0 rounded bg-black">
            <BoxOverlay
              labels={false}
              objects={frame.detections.map((detection) => ({
                label: detection.label,
                score: detection.score,
                box: [detection.box.x, detection.box.y, detection.box.w, detection.box.h],
              }))}
            />
          </div>
          <span className="min-w-0">
            {frame.detections.map((detection) => `${detection.label} ${Math.round(detection.score * 100)}%`).join(', ')}
            <span className="block text-xs text-ink-muted">
              {nameOf(frame.cameraId)} · <time dateTime={new Date(frame.at).toISOString()}>{clockTime(frame.at, true)}</time>
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
