/**
 * Messages between the page and a detector worker. Vocabulary:
 * - frame: one downscaled picture of a watched feed, sent as a transferred ImageBitmap;
 * - motion: the fraction of a small grayscale copy that changed since the feed's previous frame,
 *   measured on the page (it sees every frame in order; the workers each see only some);
 * - analysed: a frame the page looked at — the model ran on it, or nothing moved since the last
 *   model run so its objects still stand;
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

export type ToDetector = { type: 'init'; settings: DetectorSettings } | { type: 'frame'; id: number; bitmap: ImageBitmap };

export type FromDetector =
  | { type: 'ready'; backend: string; simd: boolean; loadMs: number }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; objects: DetectedObject[]; ms: number };
