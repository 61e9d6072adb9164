import { describe, expect, it } from 'vitest';
import type { Detection } from '@argus/contracts/http/detections';
import { byFrame } from './detections.queries';

const detection = (cameraId: string, at: number, label: string): Detection => ({
  id: `${cameraId}-${at}-${label}`,
  cameraId,
  at,
  label,
  score: 0.5,
  box: { x: 0.1, y: 0.1, w: 0.2, h: 0.3 },
  frame: { width: 640, height: 480 },
  location: null,
  receivedAt: at,
});

describe('byFrame', () => {
  it('groups detections of one camera at one instant, newest frame first, up to the limit', () => {
    const frames = byFrame(
      [
        detection('a', 1, 'person'),
        detection('a', 2, 'person'),
        detection('a', 2, 'car'),
        detection('b', 2, 'truck'),
        detection('a', 0, 'bus'),
      ],
      3,
    );
    expect(frames.map((frame) => [frame.cameraId, frame.at, frame.detections.map((item) => item.label)])).toEqual([
      ['a', 2, ['person', 'car']],
      ['b', 2, ['truck']],
      ['a', 1, ['person']],
    ]);
  });
});
