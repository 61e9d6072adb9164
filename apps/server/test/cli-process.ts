import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run cli` as an operator runs it: a fresh Node process on the SQLite file in `dataDir`, waited for.
 * (backups.test.ts runs it without waiting, so its server keeps answering meanwhile.)
 */
export function runCli(dataDir: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
