import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { VTEST_AVI } from '../../e2e/support/vtest';

/** Seconds into the vtest clip of the frames both models are compared on: every 0.8 s of its first ten seconds. */
export const COMPARED_FRAME_SECONDS = Array.from({ length: 12 }, (_, index) => Math.round(index * 0.8 * 10) / 10);

/**
 * The same still frames of the street clip for every model, as 640×480 PNGs (the fake camera's
 * size), made once by ffmpeg: a comparison must not depend on which frames a busy worker skipped.
 */
export function vtestFrames(folder: string): { name: string; file: string; second: number }[] {
  fs.mkdirSync(folder, { recursive: true });
  return COMPARED_FRAME_SECONDS.map((second) => {
    const name = `vtest-${second.toFixed(1)}s.png`;
    const file = path.join(folder, name);
    if (!fs.existsSync(file)) {
      if (!fs.existsSync(VTEST_AVI)) throw new Error(`${VTEST_AVI} is missing: install Debian's opencv-doc package.`);
      execFileSync('ffmpeg', [
        '-loglevel',
        'error',
        '-y',
        '-ss',
        String(second),
        '-i',
        VTEST_AVI,
        '-frames:v',
        '1',
        '-vf',
        'scale=640:480',
        file,
      ]);
    }
    return { name, file, second };
  });
}
