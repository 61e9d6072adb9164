// `npm start`: builds the web app when it has not been built, then serves it and the API from one process.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) run('npm', ['run', 'build']);
run('node', ['--import', 'tsx', 'apps/server/src/main.ts']);
