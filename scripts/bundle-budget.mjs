// The /login budget (README, "Build"): the JavaScript a browser downloads to show /login — the entry
// script, every modulepreload, and whatever those import statically — counted as sent, Brotli
// (the .br copies the build writes), must stay within BUDGET_BYTES. Fails the test command when not.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 150_000;
const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const index = path.join(dist, 'index.html');
if (!existsSync(index)) {
  console.error(`No build at ${dist}: run npm run build first.`);
  process.exit(1);
}

const html = readFileSync(index, 'utf8');
const firstLoad = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => path.join(dist, match[1]));

// Static imports only (`import … from "./x.js"`, `import "./x.js"`): a dynamic import() is a later load.
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const seen = new Set();
const queue = [...firstLoad];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) queue.push(path.resolve(path.dirname(file), match[1]));
}

let raw = 0;
let sent = 0;
const rows = [];
for (const file of seen) {
  const size = statSync(file).size;
  const brotli = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : size;
  raw += size;
  sent += brotli;
  rows.push([path.relative(dist, file), size, brotli]);
}
rows.sort((a, b) => b[2] - a[2]);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const [name, size, brotli] of rows) console.log(`  ${name.padEnd(48)} ${kb(size).padStart(10)} ${kb(brotli).padStart(10)} br`);
console.log(`/login JavaScript: ${rows.length} files, ${kb(raw)} raw, ${kb(sent)} over the wire (budget ${kb(BUDGET_BYTES)}).`);
if (sent > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(sent - BUDGET_BYTES)}: load the new code lazily where it is used (README, "Build").`);
  process.exit(1);
}
