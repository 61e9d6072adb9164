import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's opencv-doc ships this clip: a street with people walking, 768×576 at 10 fps. */
export const VTEST_AVI = '/usr/share/doc/opencv-doc/examples/data/vtest.avi';

/**
 * The first ten seconds of the vtest clip as a .y4m Chromium can play as a camera, made once per
 * machine with ffmpeg (raw video: about 45 MB, so it lives in the temp folder, not the repository).
 */
export function vtestY4m(): string {
  const target = path.join(os.tmpdir(), 'argus-e2e-vtest-640x480-10s.y4m');
  if (fs.existsSync(target) && fs.statSync(target).size > 0) return target;
  if (!fs.existsSync(VTEST_AVI)) throw new Error(`${VTEST_AVI} is missing: install Debian's opencv-doc package (the test command does).`);
  const partial = `${target}.${process.pid}.partial`;
  execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-y', '-i', VTEST_AVI, '-t', '10', '-vf', 'scale=640:480', '-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', partial],
    { stdio: 'inherit' },
  );
  fs.renameSync(partial, target);
  return target;
}

/** Chromium flags that make its only camera play the given .y4m in a loop, granted without a prompt. */
export function fakeCameraArgs(y4m: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`];
}
