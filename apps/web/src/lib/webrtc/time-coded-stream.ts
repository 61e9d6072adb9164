import { drawTimeCode, wallClockMs } from './time-code';

export interface TimeCodedStream {
  stream: MediaStream;
  stop(): void;
}

/**
 * Re-draws a camera into a canvas with the wall-clock time code in its corner and captures the
 * canvas as a new stream (plus the camera's audio), so whoever decodes it can measure the delay.
 */
export function createTimeCodedStream(source: MediaStream, frameRate: number): TimeCodedStream {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = source;
  void video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const settings = source.getVideoTracks()[0]?.getSettings();
  canvas.width = settings?.width ?? 640;
  canvas.height = settings?.height ?? 480;
  const context = canvas.getContext('2d');
  let frame = 0;
  const draw = () => {
    if (context) {
      if (video.videoWidth && (video.videoWidth !== canvas.width || video.videoHeight !== canvas.height)) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
      }
      if (video.readyState >= 2) context.drawImage(video, 0, 0, canvas.width, canvas.height);
      drawTimeCode(context, wallClockMs(), canvas.width);
    }
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  const stream = canvas.captureStream(frameRate);
  source.getAudioTracks().forEach((track) => stream.addTrack(track));
  return {
    stream,
    stop: () => {
      cancelAnimationFrame(frame);
      stream.getVideoTracks().forEach((track) => track.stop());
      video.srcObject = null;
    },
  };
}

/** Keeps the last delays read from decoded frames and answers their median. */
export class DelaySamples {
  private readonly values: number[] = [];

  constructor(private readonly size = 60) {}

  add(ms: number): void {
    this.values.push(ms);
    if (this.values.length > this.size) this.values.shift();
  }

  median(): number | null {
    if (this.values.length === 0) return null;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? null;
  }

  get count(): number {
    return this.values.length;
  }
}
