// `npm test`: everything CI checks, in order of speed. Installs the Debian packages the browser
// tests need when they are missing, so a fresh machine needs nothing by hand.
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

// Chromium drives the browser tests; ffmpeg turns opencv-doc's street clip (vtest.avi) into the
// fake camera the object-detection tests watch.
const debianPackages = [
  ['chromium', '/usr/bin/chromium'],
  ['ffmpeg', '/usr/bin/ffmpeg'],
  ['opencv-doc', '/usr/share/doc/opencv-doc/examples/data/vtest.avi'],
].filter(([, file]) => !existsSync(file));
if (debianPackages.length > 0) {
  const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
  const names = debianPackages.map(([name]) => name).join(' ');
  step(`Install ${names}`, 'sh', [
    '-c',
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`,
  ]);
}

step('Lint', 'npx', ['eslint', '.']);
step('Type check', 'npm', ['run', 'typecheck']);
step('Build web app', 'npm', ['run', 'build']);
step('Unit and integration tests', 'npx', ['vitest', 'run', '--project', 'contracts', '--project', 'web', '--project', 'server']);
step('End-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e']);
