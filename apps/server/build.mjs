// Builds the server once into apps/server/dist so `npm start` runs JavaScript instead of
// compiling TypeScript at every start (docs/decisions/0047-health-shutdown-and-built-starts.md).
// Argus's own code (the server and @argus/contracts, which ships as TypeScript) is bundled; every
// npm dependency stays external and is loaded from node_modules as it is installed, native
// addons (better-sqlite3, argon2) included.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const dependenciesOf = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, here), 'utf8')).dependencies ?? {});
const external = [...dependenciesOf('package.json'), ...dependenciesOf('../../packages/contracts/package.json')].filter(
  (name) => !name.startsWith('@argus/'),
);

await build({
  absWorkingDir: new URL('.', here).pathname,
  // The SFU runs in its own process (src/media/sfu-supervisor.ts forks it), so it is an entry of its own.
  entryPoints: { main: 'src/main.ts', 'sfu-process': 'src/media/sfu-process.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled code that calls require() (CommonJS inside Argus's own imports) still finds it.
  banner: { js: "import { createRequire as argusCreateRequire } from 'node:module'; const require = argusCreateRequire(import.meta.url);" },
});
