import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { fakeCameraArgs, vtestY4m } from '../../e2e/support/vtest';
import { DETECTION_PAGE_HTML, DETECTION_PAGE_SCRIPT } from '../support/detection-page';
import { compareFound, type FoundFrame } from '../support/model-agreement';
import { benchCache, ensureNanodet, HUMAN_MODELS_PACKAGE } from '../support/nanodet-model';
import { freePort, repoRoot } from '../support/processes';
import { percentile, round } from '../support/stats';
import { vtestFrames } from '../support/vtest-frames';

/** Seconds per phase: long enough for a few dozen inferences, short enough for the whole suite in about a minute. */
const PHASE_SECONDS = 10;
/** The target docs/detection.md sets: at least this many analysed frames per second per watched feed on two cores. */
const TARGET_ANALYSED_FPS = 5;
/** The app's default (DETECTION_MODEL_URL unset), measured for the target; the variable measures another. */
const DEFAULT_MODEL_URL = '/detection/centernet.json';
/** The candidate fetched on demand (nanodet-model.ts), served beside the app's files as a site would serve its own. */
const NANODET_URL = '/models/nanodet/nanodet.json';
const FRAMES_FOLDER = path.join(benchCache, 'vtest-frames');

interface Phase {
  seconds: number;
  framesOffered: number;
  framesStill: number;
  framesDropped: number;
  framesInferred: number;
  inferenceMs: number[];
  maxPeopleInFrame: number;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.png': 'image/png',
};

/**
 * Serves the built web app's detector files and the bench page, from one origin as Argus does;
 * `mounts` adds folders under other URL prefixes (a fetched model, the compared frames).
 */
function serve(dist: string, port: number, mounts: Record<string, string>): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/') return void response.writeHead(200, { 'content-type': 'text/html' }).end(DETECTION_PAGE_HTML);
    if (url.pathname === '/bench-page.js')
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(DETECTION_PAGE_SCRIPT);
    const prefix = Object.keys(mounts).find((candidate) => url.pathname.startsWith(candidate));
    const root = prefix ? mounts[prefix]! : dist;
    const file = path.join(root, path.normalize(prefix ? url.pathname.slice(prefix.length) : url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return void response.writeHead(404).end();
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

type PageRun = { backend: string; simd: boolean; loadMs: number; camera: unknown; baseline: Phase; pipeline: Phase; still: Phase };

/** The three phases (baseline, pipeline, still) with the given model, in a fresh page. */
async function measureModel(browser: Browser, origin: string, workerUrl: string, modelUrl: string) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/`);
    await page.waitForFunction('typeof window.runDetectionBench === "function"');
    const raw = (await page.evaluate(
      ([worker, seconds, model]) =>
        (globalThis as unknown as { runDetectionBench: (w: string, s: number, m: string) => Promise<unknown> }).runDetectionBench(
          worker,
          seconds,
          model,
        ),
      [workerUrl, PHASE_SECONDS, modelUrl] as const,
    )) as PageRun;
    const baseline = summarise(raw.baseline);
    const pipeline = summarise(raw.pipeline);
    return {
      modelUrl,
      backend: raw.backend,
      simd: raw.simd,
      modelLoadMs: raw.loadMs,
      camera: raw.camera,
      baseline,
      pipeline,
      still: summarise(raw.still),
      pipelineOverBaseline: baseline.analysedFps > 0 ? round(pipeline.analysedFps / baseline.analysedFps, 2) : null,
    };
  } finally {
    await page.close();
  }
}

/**
 * Both models on the same twelve still frames of the clip: people found per frame, model time,
 * and how far NanoDet's people agree with CenterNet's (no ground truth exists for the clip; the
 * annotated frames written to bench/.cache/vtest-frames let a person count them by eye).
 */
async function compareModels(browser: Browser, origin: string, workerUrl: string, modelUrls: Record<string, string>) {
  const frames = vtestFrames(FRAMES_FOLDER);
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/`);
    await page.waitForFunction('typeof window.compareModels === "function"');
    const names = Object.keys(modelUrls);
    const raw = (await page.evaluate(
      ([worker, urls, frameUrls]) =>
        (globalThis as unknown as { compareModels: (w: string, m: string[], f: string[]) => Promise<unknown> }).compareModels(
          worker,
          urls,
          frameUrls,
        ),
      [workerUrl, Object.values(modelUrls), frames.map((frame) => `/frames/${frame.name}`)] as const,
    )) as { found: FoundFrame[][]; annotated: string[] };
    raw.annotated.forEach((dataUrl, index) =>
      fs.writeFileSync(path.join(FRAMES_FOLDER, `annotated-${frames[index]!.name}`), Buffer.from(dataUrl.split(',')[1]!, 'base64')),
    );
    const perModel = Object.fromEntries(
      names.map((name, index) => {
        const found = raw.found[index]!;
        const counts = found.map((frame) => frame.people.length);
        return [
          name,
          {
            modelMsP50: percentile(
              found.map((frame) => frame.ms),
              50,
            ),
            peoplePerFrame: round(counts.reduce((a, b) => a + b, 0) / counts.length, 2),
            peopleByFrame: counts,
          },
        ];
      }),
    );
    return {
      frames: frames.map((frame) => frame.second),
      annotatedIn: path.relative(repoRoot, FRAMES_FOLDER),
      models: perModel,
      agreementWithFirst: compareFound(raw.found[0]!, raw.found[1]!),
    };
  } finally {
    await page.close();
  }
}

/**
 * In-browser object detection in headless Chromium: the built detector worker (TensorFlow.js
 * wasm) on the vtest street clip from the fake camera. Baseline: one worker running the model on
 * every frame it can take; against it, the surveillance page's pipeline (motion gate, two
 * workers) on the same moving street, and on a still scene. The default model (CenterNet, or
 * DETECTION_MODEL_URL when set) is measured against the target; NanoDet, fetched on demand, is
 * measured the same way and compared with it on the same frames (skip with DETECTION_COMPARE=off).
 */
export async function detectionSuite() {
  const dist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
  const assets = path.join(dist, 'assets');
  const workerFile = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^detector\.worker-[\w-]+\.js$/.test(name)) : undefined;
  if (!workerFile) throw new Error(`No built detector worker under ${assets}: run npm run build (or set WEB_DIST) first.`);
  const workerUrl = `/assets/${workerFile}`;
  const modelUrl = process.env.DETECTION_MODEL_URL ?? DEFAULT_MODEL_URL;
  const compare = process.env.DETECTION_COMPARE !== 'off';
  const nanodet = compare ? ensureNanodet() : null;
  const mounts: Record<string, string> = { '/frames/': FRAMES_FOLDER };
  if (nanodet) mounts['/models/nanodet/'] = nanodet;
  const port = await freePort();
  const server = await serve(dist, port, mounts);
  const origin = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless=new', '--no-sandbox', ...fakeCameraArgs(vtestY4m())],
  });
  try {
    const main = await measureModel(browser, origin, workerUrl, modelUrl);
    const comparing = nanodet !== null && modelUrl !== NANODET_URL;
    const candidates = comparing ? { nanodet: await measureModel(browser, origin, workerUrl, NANODET_URL) } : {};
    const comparison = comparing
      ? {
          package: HUMAN_MODELS_PACKAGE,
          ...(await compareModels(browser, origin, workerUrl, { [path.basename(modelUrl, '.json')]: modelUrl, nanodet: NANODET_URL })),
        }
      : null;
    return {
      ...main,
      candidates,
      comparison,
      targetAnalysedFps: TARGET_ANALYSED_FPS,
      failedRequests: 0,
      meetsTarget: main.backend === 'wasm' && main.pipeline.analysedFps >= TARGET_ANALYSED_FPS,
    };
  } finally {
    await browser.close();
    server.close();
  }
}
