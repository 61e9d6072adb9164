import { queryOptions } from '@tanstack/react-query';
import { DetectionListResponse, type Detection } from '@argus/contracts/http/detections';
import { api } from '../../lib/api';

/** Detections every operator's browser reported, newest first, refreshed every few seconds. */
export const detectionQueries = {
  all: ['detections'] as const,
  recent: () =>
    queryOptions({
      queryKey: [...detectionQueries.all, 'recent'] as const,
      queryFn: ({ signal }) => api.get('/detections?limit=60', DetectionListResponse, { signal }),
      select: (data) => data.detections,
      refetchInterval: 5000,
    }),
};

/** One reported frame: the detections of one camera at one instant. */
export interface ReportedFrame {
  key: string;
  cameraId: string;
  at: number;
  detections: Detection[];
}

/** Groups detections by frame (camera and time), newest first, at most `limit` frames. */
export function byFrame(detections: readonly Detection[], limit = 12): ReportedFrame[] {
  const frames = new Map<string, ReportedFrame>();
  for (const detection of detections) {
    const key = `${detection.cameraId}@${detection.at}`;
    const frame = frames.get(key) ?? { key, cameraId: detection.cameraId, at: detection.at, detections: [] };
    frame.detections.push(detection);
    frames.set(key, frame);
  }
  return [...frames.values()].sort((a, b) => b.at - a.at).slice(0, limit);
}
