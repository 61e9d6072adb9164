import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { fakeCameraArgs } from './vtest';

export { vtestY4m } from './vtest';

/** Chromium whose only camera plays the given .y4m in a loop, granted without a prompt. */
export function launchFakeCameraBrowser(y4m: string): Promise<Browser> {
  return launchBrowser(fakeCameraArgs(y4m));
}
