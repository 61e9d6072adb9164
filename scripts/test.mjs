// `npm test`: everything CI checks, in order of speed. Installs the Debian packages the browser
// and scale-out tests need when they are missing, so a fresh machine needs nothing by hand.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { spawn, spawnSync } from 'node:child_process';
import { startTestPostgres } from './test-postgres.mjs';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const fail = (title) => {
  console.error(`\n${title} failed.`);
  process.exit(1);
};

/** A step on its own, its output shown as it comes. */
const step = (title, command, args, env = {}) => {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(title);
  console.log(`--- ${title}: ${seconds(started)}`);
};

/** A job that runs beside others: its output is held and shown whole once it ends. */
const job = ([title, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      console.log(`\n=== ${title} (${seconds(started)}) ===`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 ? null : title);
    });
  });

/** Runs the jobs `width` at a time, in the order given; every job runs, every failure is named. */
const jobs = async (title, list, width) => {
  const started = Date.now();
  const queue = [...list];
  const failures = [];
  await Promise.all(
    Array.from({ length: Math.min(width, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const failed = await job(next);
        if (failed) failures.push(failed);
      }
    }),
  );
  console.log(`--- ${title}: ${seconds(started)}`);
  if (failures.length > 0) fail(failures.join(', '));
};

// Chromium drives the browser tests; ffmpeg turns opencv-doc's street clip (vtest.avi) into the
// fake camera the object-detection tests watch; poppler-utils reads back the printed incident report;
// nginx is the load balancer in front of three nodes in balancer.scale-out.test.ts; janus carries
// live video between two nodes in the Janus tests (docs/decisions/0076-janus-behind-the-media-server-interface.md).
const debianPackages = [
  ['chromium', '/usr/bin/chromium'],
  ['ffmpeg', '/usr/bin/ffmpeg'],
  ['opencv-doc', '/usr/share/doc/opencv-doc/examples/data/vtest.avi'],
  ['poppler-utils', '/usr/bin/pdftotext'],
  ['nginx', '/usr/sbin/nginx'],
  ['janus', '/usr/bin/janus'],
].filter(([, file]) => !existsSync(file));
if (debianPackages.length > 0) {
  const asRoot = process.getuid?.() === 0 ? '' : 'sudo ';
  const names = debianPackages.map(([name]) => name).join(' ');
  step(`Install ${names}`, 'sh', [
    '-c',
    `${asRoot}apt-get update -qq && ${asRoot}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`,
  ]);
}

// Lint, the unused-code check, each project's type check and the build read the sources and
// write nothing another reads (dist/ is ignored by the linter, the type checks emit nothing), and
// each is mostly one process on one core: run one per core. The type checks are the `tsc -p …`
// commands of `npm run typecheck`, so that script stays the one list of projects.
const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const typeChecks = scripts.typecheck.split('&&').map((command) => {
  const [tool, ...args] = command.trim().split(/\s+/);
  return [`Type check ${args.at(-1)}`, 'npx', [tool, ...args]];
});
// Unused code (knip.jsonc): exports, files and dependencies nothing uses, and packages a workspace
// imports without declaring.
const unusedCode = ['Unused code', 'npx', ['knip']];
// Formatting (.prettierrc.json): one layout for every source file; `npm run format` writes it.
const formatting = ['Formatting', 'npx', ['prettier', '--check', '.']];
await jobs(
  'Lint, type check and build',
  [formatting, ['Lint', 'npx', ['eslint', '.']], unusedCode, ...typeChecks, ['Build web app', 'npm', ['run', 'build']]],
  availableParallelism(),
);
// The /login budget (README, "Build"): reads the build just made, so it runs after it.
step('Bundle budget for /login', 'node', ['scripts/bundle-budget.mjs']);
// The server's PostgreSQL tests run on a throwaway cluster made for the run (scripts/test-postgres.mjs),
// unless TEST_POSTGRES_URL names a server; it is stopped however the step ends.
const testPostgres = process.env.TEST_POSTGRES_URL ? null : await startTestPostgres();
if (testPostgres) {
  process.once('exit', testPostgres.stop);
  // An interrupted run (Ctrl-C, a cancelled job) stops it too: its server runs detached otherwise.
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ]) {
    process.once(signal, () => {
      testPostgres.stop();
      process.exit(128 + number);
    });
  }
}
step(
  'Unit and integration tests',
  'npx',
  ['vitest', 'run', '--project', 'contracts', '--project', 'web', '--project', 'server'],
  testPostgres ? { TEST_POSTGRES_URL: testPostgres.url } : {},
);
testPostgres?.stop();
step('End-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e']);
