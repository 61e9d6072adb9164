/// <reference lib="webworker" />
import { Human, type Config } from '@vladmandic/human';
import { MOTION_HEIGHT, MOTION_WIDTH, MotionGate } from './motion-gate';
import type { DetectedObject, DetectorSettings, FromDetector, ToDetector } from './protocol';

/**
 * The detector: @vladmandic/human's object model on TensorFlow.js's wasm backend (single
 * threaded, SIMD), off the page's main thread. Model and wasm come from our own origin only.
 */
declare const self: DedicatedWorkerGlobalScope;

let human: Human | null = null;
let settings: DetectorSettings | null = null;
const gate = new MotionGate();
const small = new OffscreenCanvas(MOTION_WIDTH, MOTION_HEIGHT);
const smallContext = small.getContext('2d', { willReadFrequently: true })!;
let lastObjects: DetectedObject[] = [];

const post = (message: FromDetector) => self.postMessage(message);

function humanConfig(wanted: DetectorSettings): Partial<Config> {
  const slash = wanted.modelUrl.lastIndexOf('/');
  return {
    backend: 'wasm',
    wasmPath: wanted.wasmPath,
    wasmPlatformFetch: false,
    modelBasePath: wanted.modelUrl.slice(0, slash + 1),
    // The browser's HTTP cache keeps the model; IndexedDB copies would outlive a model change.
    cacheModels: false,
    debug: false,
    warmup: 'none',
    validateModels: false,
    // Every frame we send has already passed our own motion gate; human's cache would only hide results.
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: true, modelPath: wanted.modelUrl.slice(slash + 1), minConfidence: wanted.minScore, iouThreshold: 0.4, maxDetected: 30, skipFrames: 0, skipTime: 0 },
  } as Partial<Config>;
}

async function init(wanted: DetectorSettings): Promise<void> {
  const started = performance.now();
  try {
    const instance = new Human(humanConfig(wanted));
    await instance.init();
    await instance.load();
    const backend = instance.tf.getBackend() as string;
    // Without 'wasm-unsafe-eval' in the CSP, tfjs quietly falls back to another backend that takes seconds a frame.
    if (backend !== 'wasm') {
      post({ type: 'failed', message: `The detector needs the WebAssembly backend but got "${backend}"; check that the page's Content-Security-Policy allows 'wasm-unsafe-eval'.` });
      return;
    }
    human = instance;
    settings = wanted;
    post({ type: 'ready', backend, loadMs: Math.round(performance.now() - started) });
  } catch (error) {
    post({ type: 'failed', message: `The detector could not start: ${error instanceof Error ? error.message : String(error)}` });
  }
}

async function analyse(id: number, at: number, bitmap: ImageBitmap): Promise<void> {
  const started = performance.now();
  try {
    smallContext.drawImage(bitmap, 0, 0, MOTION_WIDTH, MOTION_HEIGHT);
    const motion = gate.motion(smallContext.getImageData(0, 0, MOTION_WIDTH, MOTION_HEIGHT).data);
    const inferred = human !== null && gate.shouldInfer(motion, at);
    if (inferred) {
      const result = await human!.detect(bitmap);
      lastObjects = result.object
        .filter((object) => object.score >= settings!.minScore)
        .map((object) => ({ label: object.label, score: Math.round(object.score * 1000) / 1000, box: object.boxRaw.map((value) => Math.min(1, Math.max(0, value))) as DetectedObject['box'] }));
    }
    post({ type: 'result', id, at, objects: lastObjects, motion, inferred, ms: Math.round(performance.now() - started) });
  } catch (error) {
    post({ type: 'failed', message: `Detection failed on a frame: ${error instanceof Error ? error.message : String(error)}` });
  } finally {
    bitmap.close();
  }
}

self.onmessage = (event: MessageEvent<ToDetector>) => {
  const message = event.data;
  if (message.type === 'init') void init(message.settings);
  else void analyse(message.id, message.at, message.bitmap);
};
