import { drawTimeCode, wallClockMs } from '../../lib/webrtc/time-code';
import { drawLowerThird, type LowerThird } from './lower-third';

export const PROGRAM_SIZE = { width: 1280, height: 720 } as const;
export const PROGRAM_FPS = 30;

/**
 * The program output: the taken source's decoded video scaled into a 16:9 canvas, the lower
 * third over it, and the glass-to-glass time code in the corner. The canvas is captured as the
 * stream published to the program room and recorded.
 */
export class ProgramCompositor {
  readonly canvas = document.createElement('canvas');
  readonly stream: MediaStream;
  private readonly context: CanvasRenderingContext2D | null;
  private source: HTMLVideoElement | null = null;
  private lowerThird: LowerThird | null = null;
  /** The taken source's name while it has no live publisher: program says so rather than go black. */
  private offline: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor() {
    this.canvas.width = PROGRAM_SIZE.width;
    this.canvas.height = PROGRAM_SIZE.height;
    this.context = this.canvas.getContext('2d');
    this.stream = this.canvas.captureStream(PROGRAM_FPS);
    this.draw();
    // A timer rather than requestAnimationFrame, which pauses in a hidden tab and would freeze the briefing feed.
    this.timer = setInterval(() => this.draw(), 1000 / PROGRAM_FPS);
  }

  setSource(video: HTMLVideoElement | null, lowerThird: LowerThird | null, offline: string | null = null): void {
    this.source = video;
    this.lowerThird = lowerThird;
    this.offline = offline;
  }

  private draw(): void {
    const context = this.context;
    if (!context) return;
    const { width, height } = PROGRAM_SIZE;
    context.fillStyle = '#000';
    context.fillRect(0, 0, width, height);
    const video = this.source;
    if (this.offline !== null) {
      // docs/decisions/0059-only-rooms-with-a-publisher-are-live.md: the briefing feed shows the source is offline.
      context.fillStyle = '#e9e9ea';
      context.font = '700 48px "Noto Sans", system-ui, sans-serif';
      context.textAlign = 'center';
      context.fillText('OFFLINE', width / 2, height / 2 - 20);
      context.font = '500 32px "Noto Sans", system-ui, sans-serif';
      context.fillStyle = '#a6a7ab';
      context.fillText(`${this.offline}: no live publisher`, width / 2, height / 2 + 30);
      context.textAlign = 'start';
    } else if (video && video.readyState >= 2 && video.videoWidth > 0) {
      const scale = Math.min(width / video.videoWidth, height / video.videoHeight);
      const w = video.videoWidth * scale;
      const h = video.videoHeight * scale;
      context.drawImage(video, (width - w) / 2, (height - h) / 2, w, h);
    } else {
      context.fillStyle = '#a6a7ab';
      context.font = '500 32px "Noto Sans", system-ui, sans-serif';
      context.textAlign = 'center';
      context.fillText(video ? 'Waiting for the source...' : 'No source on program', width / 2, height / 2);
      context.textAlign = 'start';
    }
    if (this.lowerThird) drawLowerThird(context, width, height, this.lowerThird, new Date());
    drawTimeCode(context, wallClockMs(), width);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.stream.getTracks().forEach((track) => track.stop());
  }
}
