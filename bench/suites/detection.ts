import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { fakeCameraArgs, vtestY4m } from '../../e2e/support/vtest';
import { DETECTION_PAGE_HTML, DETECTION_PAGE_SCRIPT } from '../support/detection-page';
import { freePort, repoRoot } from '../support/processes';
import { percentile, round } from '../support/stats';

/** Seconds per phase: long enough for a few dozen inferences, short enough for the whole suite in about a minute. */
const PHASE_SECONDS = 10;
/** DESIGN target: at least this many analysed frames per second per watched feed on two cores. */
const TARGET_ANALYSED_FPS = 5;

interface Phase {
  seconds: number;
  framesOffered: number;
  framesStill: number;
  framesDropped: number;
  framesInferred: number;
  inferenceMs: number[];
  maxPeopleInFrame: number;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.wasm': 'application/wasm', '.bin': 'application/octet-stream' };

/** Serves the built web app's detector files and the bench page, from one origin as Argus does. */
function serve(dist: string, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(DETECTION_PAGE_HTML);
    if (url.pathname === '/bench-page.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(DETECTION_PAGE_SCRIPT);
    const file = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Analysed: the model ran on the frame, or nothing had moved since it last did (its objects still stand). */
function summarise(phase: Phase) {
  return {
    analysedFps: round((phase.framesInferred + phase.framesStill) / phase.seconds, 2),
    inferredFps: round(phase.framesInferred / phase.seconds, 2),
    cameraFrames: phase.framesOffered,
    droppedFrames: phase.framesDropped,
    inferenceMsP50: phase.inferenceMs.length ? percentile(phase.inferenceMs, 50) : null,
    inferenceMsP95: phase.inferenceMs.length ? percentile(phase.inferenceMs, 95) : null,
    maxPeopleInFrame: phase.maxPeopleInFrame,
  };
}

/**
 * In-browser object detection in headless Chromium: the built detector worker (CenterNet on
 * TensorFlow.js wasm) on the vtest street clip from the fake camera. Baseline: one worker running
 * the model on every frame it can take; against it, the surveillance page's pipeline (motion gate,
 * two workers) on the same moving street, and on a still scene. Figures: model time per frame
 * and analysed frames per second per feed.
 */
export async function detectionSuite() {
  const dist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
  const assets = path.join(dist, 'assets');
  const workerFile = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^detector\.worker-[\w-]+\.js$/.test(name)) : undefined;
  if (!workerFile) throw new Error(`No built detector worker under ${assets}: run npm run build (or set WEB_DIST) first.`);
  const port = await freePort();
  const server = await serve(dist, port);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless=new', '--no-sandbox', ...fakeCameraArgs(vtestY4m())] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction('typeof window.runDetectionBench === "function"');
    const raw = await page.evaluate(
      ([worker, seconds]) => (globalThis as unknown as { runDetectionBench: (w: string, s: number) => Promise<unknown> }).runDetectionBench(worker, seconds),
      [`/assets/${workerFile}`, PHASE_SECONDS] as const,
    ) as { backend: string; simd: boolean; loadMs: number; camera: unknown; baseline: Phase; pipeline: Phase; still: Phase };
    const baseline = summarise(raw.baseline);
    const pipeline = summarise(raw.pipeline);
    const still = summarise(raw.still);
    return {
      backend: raw.backend,
      simd: raw.simd,
      modelLoadMs: raw.loadMs,
      camera: raw.camera,
      baseline,
      pipeline,
      still,
      pipelineOverBaseline: baseline.analysedFps > 0 ? round(pipeline.analysedFps / baseline.analysedFps, 2) : null,
      targetAnalysedFps: TARGET_ANALYSED_FPS,
      failedRequests: 0,
      meetsTarget: raw.backend === 'wasm' && pipeline.analysedFps >= TARGET_ANALYSED_FPS,
    };
  } finally {
    await browser.close();
    server.close();
  }
}
