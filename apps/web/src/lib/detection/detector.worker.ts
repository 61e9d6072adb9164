/// <reference lib="webworker" />
import { Human, type Config } from '@vladmandic/human';
import type { DetectedObject, DetectorSettings, FromDetector, ToDetector } from './protocol';

/**
 * One detector: @vladmandic/human's object model on TensorFlow.js's wasm backend (single
 * threaded, SIMD), off the page's main thread. Model and wasm come from our own origin only.
 * The page runs one per core (see detector-client.ts) and sends each only frames that moved.
 */
declare const self: DedicatedWorkerGlobalScope;

let human: Human | null = null;
let settings: DetectorSettings | null = null;

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
    // Every frame sent here has passed the page's motion gate; human's own cache would only hide results.
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: {
      enabled: true,
      modelPath: wanted.modelUrl.slice(slash + 1),
      minConfidence: wanted.minScore,
      iouThreshold: 0.4,
      maxDetected: 30,
      skipFrames: 0,
      skipTime: 0,
    },
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
      post({
        type: 'failed',
        message: `The detector needs the WebAssembly backend but got "${backend}"; check that the page's Content-Security-Policy allows 'wasm-unsafe-eval'.`,
      });
      return;
    }
    human = instance;
    settings = wanted;
    const simd = Boolean(await instance.tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'));
    post({ type: 'ready', backend, simd, loadMs: Math.round(performance.now() - started) });
  } catch (error) {
    post({ type: 'failed', message: `The detector could not start: ${error instanceof Error ? error.message : String(error)}` });
  }
}

async function analyse(id: number, bitmap: ImageBitmap): Promise<void> {
  const started = performance.now();
  try {
    if (!human || !settings) throw new Error('the model is not loaded yet');
    const result = await human.detect(bitmap);
    const objects = result.object
      .filter((object) => object.score >= settings!.minScore)
      .map((object) => ({
        label: object.label,
        score: Math.round(object.score * 1000) / 1000,
        box: object.boxRaw.map((value) => Math.min(1, Math.max(0, value))) as DetectedObject['box'],
      }));
    post({ type: 'result', id, objects, ms: Math.round(performance.now() - started) });
  } catch (error) {
    post({ type: 'failed', message: `Detection failed on a frame: ${error instanceof Error ? error.message : String(error)}` });
  } finally {
    bitmap.close();
  }
}

self.onmessage = (event: MessageEvent<ToDetector>) => {
  const message = event.data;
  if (message.type === 'init') void init(message.settings);
  else void analyse(message.id, message.bitmap);
};
