import type { DetectedObject, DetectorSettings, FromDetector } from './protocol';

export interface Inference {
  objects: DetectedObject[];
  ms: number;
}

/** Where Argus serves the detector's files (copied into the build by assets-plugin.ts). */
export const DEFAULT_DETECTOR_SETTINGS: DetectorSettings = {
  modelUrl: '/detection/centernet.json',
  wasmPath: '/detection/',
  minScore: 0.35,
};

/**
 * One model instance per core, at most two: the wasm backend is single-threaded (its threads
 * gained nothing on two cores), so two workers taking alternate frames nearly double the frames
 * analysed per second, and a third would only fight the first two for the same CPU.
 */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1));
}

type Ready = { backend: string; simd: boolean; loadMs: number };

/** One worker and the frames it is working on. */
class DetectorWorker {
  readonly ready: Promise<Ready>;
  busy = false;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (result: Inference) => void; reject: (error: Error) => void }>();
  failure: Error | null = null;

  constructor(settings: DetectorSettings, index: number) {
    this.worker = new Worker(new URL('./detector.worker.ts', import.meta.url), { type: 'module', name: `argus-detector-${index}` });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<FromDetector>) => {
        const message = event.data;
        if (message.type === 'ready') resolve(message);
        else if (message.type === 'failed') this.fail(new Error(message.message), reject);
        else {
          this.waiting.get(message.id)?.resolve({ objects: message.objects, ms: message.ms });
          this.waiting.delete(message.id);
        }
      };
      this.worker.onerror = (event) =>
        this.fail(new Error(`The detector worker stopped: ${event.message || 'it could not be loaded'}`), reject);
    });
    this.worker.postMessage({ type: 'init', settings });
  }

  async analyse(bitmap: ImageBitmap): Promise<Inference> {
    if (this.failure) {
      bitmap.close();
      throw this.failure;
    }
    const id = this.nextId++;
    this.busy = true;
    try {
      return await new Promise<Inference>((resolve, reject) => {
        this.waiting.set(id, { resolve, reject });
        this.worker.postMessage({ type: 'frame', id, bitmap }, [bitmap]);
      });
    } finally {
      this.busy = false;
    }
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

/**
 * The page's detectors: a small pool of workers shared by every watched feed. A frame goes to
 * an idle worker or is not analysed at all; frames never queue behind a slow model.
 */
export class DetectorClient {
  readonly ready: Promise<Ready & { workers: number }>;
  private readonly workers: DetectorWorker[];

  constructor(settings: DetectorSettings = DEFAULT_DETECTOR_SETTINGS, poolSize = defaultPoolSize()) {
    this.workers = Array.from({ length: poolSize }, (_, index) => new DetectorWorker(settings, index));
    this.ready = Promise.all(this.workers.map((worker) => worker.ready)).then((all) => ({
      ...all[0]!,
      loadMs: Math.max(...all.map((one) => one.loadMs)),
      workers: all.length,
    }));
  }

  /** Whether a worker is free to take a frame now. */
  hasCapacity(): boolean {
    return this.workers.some((worker) => !worker.busy && !worker.failure);
  }

  /** Runs the model on one frame; the bitmap is transferred to the worker (unusable here afterwards). */
  analyse(bitmap: ImageBitmap): Promise<Inference> {
    const worker = this.workers.find((candidate) => !candidate.busy && !candidate.failure);
    if (!worker) {
      bitmap.close();
      return Promise.reject(this.workers.find((candidate) => candidate.failure)?.failure ?? new Error('Every detector is busy.'));
    }
    return worker.analyse(bitmap);
  }

  terminate(): void {
    for (const worker of this.workers) worker.terminate();
  }
}
