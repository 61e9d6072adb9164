// After `vite build`: a Brotli (.br) and a gzip (.gz) copy beside every text asset in dist/, so the
// server sends them as they are (@fastify/static preCompressed) without compressing per request.
// A copy that saves too little to matter is not written. Source maps are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;
const MIN_BYTES = 1024;

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });

let written = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
  const gzip = gzipSync(raw, { level: 9 });
  // Under a tenth saved is not worth a second file (already-compressed data, tiny files).
  if (brotli.length < raw.length * 0.9) {
    writeFileSync(`${file}.br`, brotli);
    written += 1;
  }
  if (gzip.length < raw.length * 0.9) {
    writeFileSync(`${file}.gz`, gzip);
    written += 1;
  }
}
console.log(`precompress: ${written} .br and .gz files in ${path.relative(process.cwd(), dist) || 'dist'}`);
