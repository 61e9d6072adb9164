/**
 * The page the detection benchmark runs in Chromium, as plain browser JavaScript (the bench is
 * type-checked for Node). It drives the web app's built detector worker with the fake camera's
 * frames, each new camera frame looked at once, in three phases of `seconds` each:
 * - baseline: one worker, the model on every frame it can take, no motion gate;
 * - pipeline: what the surveillance page does (lib/detection/feed-analyser.ts): a motion test on a
 *   64×48 grayscale copy of every frame, and the frames that moved to whichever of two workers is free;
 * - still: the same pipeline on one frame repeated at the camera's rate (a quiet scene).
 * The model is the one the worker is told to load (as the app is, by DETECTION_MODEL_URL), so the
 * same phases measure each candidate model; compareModels runs them all on the same still frames.
 */
export const DETECTION_PAGE_SCRIPT = String.raw`
const WIDTH = 640, HEIGHT = 480, MOTION_W = 64, MOTION_H = 48;
const STILL_BELOW = 0.002, RECHECK_STILL_MS = 2000, PIXEL_THRESHOLD = 24;
const WASM_PATH = '/detection/', MIN_SCORE = 0.35;

function startWorker(workerUrl, modelUrl) {
  const settings = { modelUrl, wasmPath: WASM_PATH, minScore: MIN_SCORE };
  const worker = new Worker(workerUrl, { type: 'module' });
  const waiting = new Map();
  let nextId = 1;
  const one = { busy: false, worker };
  one.ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'failed') reject(new Error(message.message));
      else { waiting.get(message.id)?.(message); waiting.delete(message.id); }
    };
  });
  worker.postMessage({ type: 'init', settings });
  one.analyse = (bitmap) => new Promise((resolve) => {
    const id = nextId++;
    one.busy = true;
    waiting.set(id, (message) => { one.busy = false; resolve(message); });
    worker.postMessage({ type: 'frame', id, bitmap }, [bitmap]);
  });
  return one;
}

function motionMeter() {
  const canvas = document.createElement('canvas');
  canvas.width = MOTION_W; canvas.height = MOTION_H;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let previous = null;
  return (source) => {
    context.drawImage(source, 0, 0, MOTION_W, MOTION_H);
    const rgba = context.getImageData(0, 0, MOTION_W, MOTION_H).data;
    const gray = new Uint8Array(MOTION_W * MOTION_H);
    for (let i = 0; i < gray.length; i++) gray[i] = (rgba[i * 4] * 77 + rgba[i * 4 + 1] * 150 + rgba[i * 4 + 2] * 29) >> 8;
    const before = previous; previous = gray;
    if (!before) return 1;
    let changed = 0;
    for (let i = 0; i < gray.length; i++) if (Math.abs(gray[i] - before[i]) > PIXEL_THRESHOLD) changed++;
    return changed / gray.length;
  };
}

async function phase(workers, source, seconds, { gate, still }) {
  const measure = motionMeter();
  let offered = 0, stillFrames = 0, dropped = 0, lastInference = -Infinity, people = 0;
  const inferenceMs = [];
  const started = performance.now();
  await new Promise((resolve) => {
    const take = () => {
      if (performance.now() - started > seconds * 1000) return resolve();
      schedule();
      offered++;
      const now = performance.now();
      if (gate) {
        const motion = measure(source);
        if (motion < STILL_BELOW && now - lastInference < RECHECK_STILL_MS) { stillFrames++; return; }
      }
      const free = workers.find((worker) => !worker.busy);
      if (!free) { dropped++; return; }
      lastInference = now;
      free.busy = true;
      createImageBitmap(source, { resizeWidth: WIDTH, resizeHeight: HEIGHT, resizeQuality: 'low' })
        .then((bitmap) => free.analyse(bitmap))
        .then((result) => {
          if (performance.now() - started > seconds * 1000) return;
          inferenceMs.push(result.ms);
          people = Math.max(people, result.objects.filter((o) => o.label === 'person').length);
        });
    };
    const schedule = () => (still ? setTimeout(take, 100) : source.requestVideoFrameCallback(take));
    schedule();
  });
  const elapsed = (performance.now() - started) / 1000;
  return { seconds: elapsed, framesOffered: offered, framesStill: stillFrames, framesDropped: dropped, framesInferred: inferenceMs.length, inferenceMs, maxPeopleInFrame: people };
}

window.runDetectionBench = async (workerUrl, seconds, modelUrl) => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: WIDTH, height: HEIGHT }, audio: false });
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = stream;
  await video.play();
  const track = stream.getVideoTracks()[0].getSettings();
  const workers = [startWorker(workerUrl, modelUrl), startWorker(workerUrl, modelUrl)];
  const ready = await Promise.all(workers.map((worker) => worker.ready));
  const out = { backend: ready[0].backend, simd: ready[0].simd, loadMs: Math.max(...ready.map((r) => r.loadMs)), camera: { width: track.width, height: track.height, frameRate: track.frameRate } };
  await phase(workers, video, 2, { gate: false, still: false }); // warm-up: the first inferences set up kernels
  out.baseline = await phase(workers.slice(0, 1), video, seconds, { gate: false, still: false });
  out.pipeline = await phase(workers, video, seconds, { gate: true, still: false });
  const still = document.createElement('canvas');
  still.width = WIDTH; still.height = HEIGHT;
  still.getContext('2d').drawImage(video, 0, 0, WIDTH, HEIGHT);
  out.still = await phase(workers, still, seconds, { gate: true, still: true });
  workers.forEach((worker) => worker.worker.terminate());
  stream.getTracks().forEach((t) => t.stop());
  return out;
};

/**
 * Every model on the same still frames, one after another in one worker each: the people each
 * finds (boxes as fractions), the model time, and each frame drawn with every model's boxes (in
 * the order of modelUrls: red, blue) so the counts can be checked by eye.
 */
window.compareModels = async (workerUrl, modelUrls, frameUrls) => {
  const images = await Promise.all(frameUrls.map(async (url) => createImageBitmap(await (await fetch(url)).blob())));
  const found = [];
  for (const modelUrl of modelUrls) {
    const worker = startWorker(workerUrl, modelUrl);
    await worker.ready;
    await worker.analyse(await createImageBitmap(images[0])); // warm-up: the first run sets up kernels
    const frames = [];
    for (const image of images) {
      const result = await worker.analyse(await createImageBitmap(image));
      frames.push({ ms: result.ms, people: result.objects.filter((o) => o.label === 'person').map((o) => ({ score: o.score, box: o.box })) });
    }
    worker.worker.terminate();
    found.push(frames);
  }
  const colours = ['#ff2020', '#2080ff', '#20c020'];
  const annotated = images.map((image, index) => {
    const canvas = document.createElement('canvas');
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    context.lineWidth = 2;
    found.forEach((frames, model) => {
      context.strokeStyle = colours[model % colours.length];
      for (const person of frames[index].people) {
        const [x, y, w, h] = person.box;
        context.strokeRect(x * image.width + model, y * image.height + model, w * image.width, h * image.height);
      }
    });
    return canvas.toDataURL('image/png');
  });
  return { found, annotated };
};
`;

export const DETECTION_PAGE_HTML =
  '<!doctype html><meta charset="utf-8"><title>detection bench</title><script type="module" src="/bench-page.js"></script>';
