import type { DetectorSettings, FromDetector } from './protocol';

export type FrameResult = Extract<FromDetector, { type: 'result' }>;

/** Where Argus serves the detector's files (copied into the build by assets-plugin.ts). */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = {
  modelUrl: '/detection/centernet.json',
  wasmPath: '/detection/',
  minScore: 0.35,
};

/**
 * The page's handle on the detector worker. One worker serves every watched feed: on two cores
 * a second model instance would only fight the first for the same CPU. Frames are analysed one
 * at a time in the order they were offered.
 */
export class DetectorClient {
  readonly ready: Promise<{ backend: string; loadMs: number }>;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (result: FrameResult) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;

  constructor(settings: DetectorSettings = DEFAULT_DETECTOR_SETTINGS) {
    this.worker = new Worker(new URL('./detector.worker.ts', import.meta.url), { type: 'module', name: 'argus-detector' });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<FromDetector>) => {
        const message = event.data;
        if (message.type === 'ready') resolve(message);
        else if (message.type === 'failed') this.fail(new Error(message.message), reject);
        else {
          this.waiting.get(message.id)?.resolve(message);
          this.waiting.delete(message.id);
        }
      };
      this.worker.onerror = (event) => this.fail(new Error(`The detector worker stopped: ${event.message || 'it could not be loaded'}`), reject);
    });
    this.worker.postMessage({ type: 'init', settings });
  }

  /** Analyses one frame; the bitmap is transferred to the worker (unusable here afterwards). */
  analyse(bitmap: ImageBitmap, at: number): Promise<FrameResult> {
    if (this.failure) {
      bitmap.close();
      return Promise.reject(this.failure);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'frame', id, at, bitmap }, [bitmap]);
    });
  }

  terminate(): void {
    this.worker.terminate();
    this.fail(new Error('The detector was stopped.'));
  }

  private fail(error: Error, reject?: (error: Error) => void) {
    this.failure ??= error;
    reject?.(error);
    for (const pending of this.waiting.values()) pending.reject(error);
    this.waiting.clear();
  }
}
