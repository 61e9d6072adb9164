import { useEffect, useState } from 'react';
import { TimeCodeReader } from '../../lib/webrtc/time-code';
import { DelaySamples } from '../../lib/webrtc/time-coded-stream';

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

/**
 * Reads the time code out of every decoded frame of a video element and answers the median
 * glass-to-glass delay in ms over the last few seconds (null until coded frames arrive).
 */
export function useGlassToGlass(video: HTMLVideoElement | null): number | null {
  const [median, setMedian] = useState<number | null>(null);
  useEffect(() => {
    if (!video) return undefined;
    const target = video as FrameCallbackVideo;
    const reader = new TimeCodeReader();
    const samples = new DelaySamples();
    let handle = 0;
    let stopped = false;
    const onFrame = () => {
      if (stopped) return;
      const delay = reader.read(target);
      if (delay !== null) samples.add(delay);
      handle = target.requestVideoFrameCallback ? target.requestVideoFrameCallback(onFrame) : requestAnimationFrame(onFrame);
    };
    handle = target.requestVideoFrameCallback ? target.requestVideoFrameCallback(onFrame) : requestAnimationFrame(onFrame);
    const publish = setInterval(() => setMedian(samples.median()), 1000);
    return () => {
      stopped = true;
      clearInterval(publish);
      if (target.cancelVideoFrameCallback) target.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
    };
  }, [video]);
  return median;
}
