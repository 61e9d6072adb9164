// `npm start`: serves the web app and the API from one process, running the server as built
// JavaScript (docs/decisions/0047-health-shutdown-and-built-starts.md). Builds the web app when it
// has not been built, and the server when its build is missing or older than any of its sources,
// so a checkout that was just updated never runs stale code. The built server is imported into
// this process rather than spawned, so SIGTERM reaches it directly.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const at = (relative) => fileURLToPath(new URL(relative, root));

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: at('.') });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** The newest modification time among the files the server build reads. */
const newestSource = () => {
  const files = ['apps/server/package.json', 'apps/server/build.mjs', 'packages/contracts/package.json'].map(at);
  for (const folder of ['apps/server/src', 'packages/contracts/src']) {
    for (const name of readdirSync(at(folder), { recursive: true })) files.push(`${at(folder)}/${name}`);
  }
  return Math.max(...files.map((file) => statSync(file).mtimeMs));
};

const serverBuild = at('apps/server/dist/main.js');
if (!existsSync(at('apps/web/dist/index.html'))) run('npm', ['run', 'build']);
if (!existsSync(serverBuild) || statSync(serverBuild).mtimeMs < newestSource()) run('node', ['apps/server/build.mjs']);
await import(new URL('apps/server/dist/main.js', root).href);
