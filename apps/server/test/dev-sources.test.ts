import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverFolder = fileURLToPath(new URL('..', import.meta.url));

describe('the sources as `npm run dev` runs them', () => {
  // tsx applies tsconfig `paths` at run time from the server's folder: a package mapped there to
  // its type declarations loaded the declarations instead (docs/decisions/0076-janus-behind-the-media-server-interface.md).
  it('loads every service under tsx from the server folder', { timeout: 180_000 }, async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', "await import('./src/services.ts'); console.log('loaded')"], {
      cwd: serverFolder,
    });
    expect(stdout).toContain('loaded');
  });
});
