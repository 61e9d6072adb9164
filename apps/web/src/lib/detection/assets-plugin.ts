import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Build step (not browser code): copies the detector's model and WebAssembly files from
 * node_modules into the web build under /detection/, so the browser fetches them from Argus
 * itself and never from a CDN. The dev server serves the same files from node_modules.
 */
export const DETECTION_ASSET_PREFIX = 'detection/';

function detectionAssets(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const humanModels = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
  const wasmDist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const files = new Map<string, string>();
  for (const name of ['centernet.json', 'centernet.bin']) files.set(name, path.join(humanModels, name));
  for (const name of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm']) {
    const inDist = path.join(wasmDist, name);
    files.set(name, fs.existsSync(inDist) ? inDist : path.join(wasmDist, '..', name));
  }
  return files;
}

export function detectionAssetsPlugin(): Plugin {
  const files = detectionAssets();
  return {
    name: 'argus-detection-assets',
    generateBundle() {
      for (const [name, source] of files)
        this.emitFile({ type: 'asset', fileName: `${DETECTION_ASSET_PREFIX}${name}`, source: fs.readFileSync(source) });
    },
    configureServer(server) {
      server.middlewares.use(`/${DETECTION_ASSET_PREFIX}`, (request, response, next) => {
        const source = files.get((request.url ?? '').replace(/^\//, '').split('?')[0]!);
        if (!source) return next();
        response.setHeader(
          'Content-Type',
          source.endsWith('.wasm') ? 'application/wasm' : source.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        fs.createReadStream(source).pipe(response);
      });
    },
  };
}
