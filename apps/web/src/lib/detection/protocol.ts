/**
 * Messages between the page and the detector worker. Vocabulary:
 * - frame: one downscaled picture of a watched feed, sent as a transferred ImageBitmap;
 * - motion: the fraction of a small grayscale copy that changed since the previous frame;
 * - analysed: a frame the worker looked at (motion test, and the model when something moved);
 * - inferred: a frame the model ran on.
 */
export interface DetectorSettings {
  /** URL of the TensorFlow.js graph model's JSON on our own origin. */
  modelUrl: string;
  /** Folder (ending in /) on our own origin holding the tfjs-backend-wasm .wasm files. */
  wasmPath: string;
  minScore: number;
}

export interface DetectedObject {
  label: string;
  score: number;
  /** x, y, width, height as fractions of the frame (0 to 1). */
  box: [number, number, number, number];
}

export type ToDetector =
  | { type: 'init'; settings: DetectorSettings }
  | { type: 'frame'; id: number; at: number; bitmap: ImageBitmap };

export type FromDetector =
  | { type: 'ready'; backend: string; loadMs: number }
  | { type: 'failed'; message: string }
  | {
      type: 'result';
      id: number;
      at: number;
      objects: DetectedObject[];
      motion: number;
      /** Whether the model ran on this frame (false: nothing moved, the last objects still stand). */
      inferred: boolean;
      ms: number;
    };
