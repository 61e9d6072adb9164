// `npm test`: everything CI checks, in order of speed. Installs Debian's Chromium for the
// browser tests when it is missing, so a fresh machine needs nothing by hand.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const step = (title, command, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
};

if (!existsSync('/usr/bin/chromium')) {
  const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
  step('Install Chromium', 'sh', [
    '-c',
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
  ]);
}

step('Lint', 'npx', ['eslint', '.']);
step('Type check', 'npm', ['run', 'typecheck']);
step('Build web app', 'npm', ['run', 'build']);
step('Unit and integration tests', 'npx', ['vitest', 'run', '--project', 'contracts', '--project', 'web', '--project', 'server']);
step('End-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e']);
