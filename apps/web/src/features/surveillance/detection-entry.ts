import type { DetectedObject } from '../../lib/detection/protocol';

/** One analysed frame with objects in it, as the detection feed shows it. */
export interface DetectionEntry {
  key: string;
  cameraId: string;
  cameraName: string;
  at: number;
  objects: DetectedObject[];
  /** A small JPEG of the frame (data URL) the boxes are drawn over. */
  thumbnail: string | null;
}

/** Entries the feed keeps, newest first. */
export const FEED_LENGTH = 40;

export function addEntry(entries: readonly DetectionEntry[], entry: DetectionEntry): DetectionEntry[] {
  return [entry, ...entries].slice(0, FEED_LENGTH);
}
