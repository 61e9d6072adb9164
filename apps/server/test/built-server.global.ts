import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Builds the server once for the whole run, as `npm start` runs it (apps/server/dist,
 * docs/decisions/0047-health-shutdown-and-built-starts.md), before any file starts it. Built per
 * file, a file rewrote dist/ while another running beside it (decision 0075) was starting
 * dist/main.js or forking its SFU from it. esbuild makes it in well under a second.
 */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server build failed');
}
