import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { freePort, productionEnv, startNode, stop, waitUntilAnswering } from '../support/processes';
import { median, round } from '../support/stats';

const EMAIL = 'crew@bench.argus.test';
const PASSWORD = 'Harbor-Lantern-Quartz-71';
const CALLSIGN = 'BENCH-1';
/** The field site: where a crew's phone opens Argus. `*.localhost` reaches loopback in Chromium. */
const FIELD_HOST = 'field.localhost';
/** Loads per case; the median counts, so one stall on the shared machine does not decide it. */
const ROUNDS = 3;

/** The network: one bar of signal, 400 kbit/s down (and up), 400 ms round trip. */
const ONE_BAR = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
/** Issue 16's targets, from navigation to the status buttons being usable. */
const TARGET_COLD_MS = 8_000;
const TARGET_WARM_MS = 1_500;

const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

async function seed(env: Record<string, string>): Promise<void> {
  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir });
  const services = createServices(config, db, systemClock);
  await services.users.create({ email: EMAIL, full_name: 'Bench Crew', role: 'Field_Unit', password: PASSWORD }, OPERATOR, SYSTEM_CONTEXT);
  const crew = await services.usersRepository.findByEmail(EMAIL);
  await services.units.create({ callsign: CALLSIGN, kind: 'fire', members: [crew!.id] });
  await db.close();
}

/**
 * The crew's session cookies, signed in from Node with the field site's Host header: Node cannot
 * resolve `*.localhost`, and signing in through a page would warm the cache being measured.
 */
function signIn(port: number): Promise<string[]> {
  const body = JSON.stringify({ email: EMAIL, password: PASSWORD });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/auth/login',
        method: 'POST',
        headers: { host: `${FIELD_HOST}:${port}`, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        if (response.statusCode !== 200) return reject(new Error(`sign-in answered ${response.statusCode}`));
        resolve(response.headers['set-cookie'] ?? []);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A phone-sized context signed in as the crew, its cache and service worker empty. */
async function signedInPhone(browser: Browser, port: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const cookies = (await signIn(port)).map((header) => {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1), domain: FIELD_HOST, path: '/' };
  });
  await context.addCookies(cookies);
  return context;
}

/** One request of a load, as the DevTools protocol saw it; times from navigation, in ms. */
interface RequestRecord {
  url: string;
  type: string;
  initiator: string;
  startMs: number;
  endMs: number;
  kb: number;
  fromServiceWorker: boolean;
  encoding: string;
}

interface CdpRequestWillBeSent {
  requestId: string;
  request: { url: string };
  type?: string;
  timestamp: number;
  initiator: { type: string; url?: string; stack?: { callFrames: { url: string }[] } };
}

/** Where a request came from: the parser of a page or stylesheet, or a script (its file). */
function initiatorOf(initiator: CdpRequestWillBeSent['initiator']): string {
  const url = initiator.url ?? initiator.stack?.callFrames[0]?.url;
  return url ? `${initiator.type} ${shortUrl(url)}` : initiator.type;
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/**
 * Opens /fieldunit and times navigation → the first status button enabled, with the network
 * throttled or not. Bytes are what crossed the wire (compressed), from the CDP's own count, and
 * every request is recorded (url, initiator, start, end, bytes) so a slow load can be read
 * request by request.
 */
async function load(
  context: BrowserContext,
  origin: string,
  throttled: boolean,
): Promise<{ ms: number; bytes: number; page: Page; requests: RequestRecord[] }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) await cdp.send('Network.emulateNetworkConditions', ONE_BAR);
  let bytes = 0;
  // CDP's timestamps are monotonic seconds; the first request (the navigation) is time zero.
  let zero: number | undefined;
  const requests = new Map<string, RequestRecord & { startedAt: number }>();
  cdp.on('Network.requestWillBeSent', (event: CdpRequestWillBeSent) => {
    zero ??= event.timestamp;
    if (requests.has(event.requestId)) return; // a redirect keeps its id
    requests.set(event.requestId, {
      url: shortUrl(event.request.url),
      type: event.type ?? '',
      initiator: initiatorOf(event.initiator),
      startedAt: event.timestamp,
      startMs: round((event.timestamp - zero) * 1000, 0),
      endMs: -1,
      kb: 0,
      fromServiceWorker: false,
      encoding: '',
    });
  });
  cdp.on(
    'Network.responseReceived',
    (event: { requestId: string; response: { fromServiceWorker?: boolean; headers: Record<string, string> } }) => {
      const record = requests.get(event.requestId);
      if (!record) return;
      record.fromServiceWorker = event.response.fromServiceWorker === true;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      record.encoding = headers['content-encoding'] ?? '';
    },
  );
  cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    const record = requests.get(event.requestId);
    if (!record || zero === undefined) return;
    record.endMs = round((event.timestamp - zero) * 1000, 0);
    record.kb = round(event.encodedDataLength / 1024, 1);
  });
  const started = Date.now();
  await page.goto(`${origin}/fieldunit`, { waitUntil: 'commit', timeout: 120_000 });
  await page
    .getByRole('group', { name: 'Set unit status' })
    .getByRole('button', { name: 'Available', exact: true })
    .and(page.locator(':enabled'))
    .waitFor({ state: 'visible', timeout: 120_000 });
  const ms = Date.now() - started;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  const list = [...requests.values()].sort((a, b) => a.startedAt - b.startedAt).map(({ startedAt: _startedAt, ...record }) => record);
  return { ms, bytes, page, requests: list };
}

/**
 * Until the service worker is active: it activates only once its install has cached the app
 * shell, and the next page opened is then served from that cache.
 */
async function waitForServiceWorker(page: Page): Promise<void> {
  // A string, not a function: the bench compiles without the DOM's types.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
}

interface Case {
  coldMs: number[];
  warmMs: number[];
  coldBytes: number[];
  warmBytes: number[];
  /** The requests of the last round's cold and warm loads. */
  coldRequests: RequestRecord[];
  warmRequests: RequestRecord[];
}

async function measure(browser: Browser, port: number, throttled: boolean): Promise<Case> {
  const result: Case = { coldMs: [], warmMs: [], coldBytes: [], warmBytes: [], coldRequests: [], warmRequests: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const origin = `http://${FIELD_HOST}:${port}`;
    const context = await signedInPhone(browser, port);
    const cold = await load(context, origin, throttled);
    result.coldMs.push(cold.ms);
    result.coldBytes.push(cold.bytes);
    result.coldRequests = cold.requests;
    await waitForServiceWorker(cold.page);
    // A second page then loads it again: the service worker's cache serves the app shell.
    await cold.page.close();
    const warm = await load(context, origin, throttled);
    result.warmMs.push(warm.ms);
    result.warmBytes.push(warm.bytes);
    result.warmRequests = warm.requests;
    await context.close();
  }
  return result;
}

const summary = (figures: number[]) => round(median(figures), 0);

/**
 * Issue 16's field bench: /fieldunit for a signed-in crew on a phone, cold (empty cache) and warm
 * (service worker), on one bar of signal (400 kbit/s, 400 ms round trip) against the same loads
 * with no throttling in the same run.
 */
export async function fieldFirstLoadSuite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-'));
  const port = await freePort();
  const env = productionEnv(dataDir, port);
  await seed(env);
  const server = startNode('apps/server/src/main.ts', env);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/health`, server);
    const fast = await measure(browser, port, false);
    const slow = await measure(browser, port, true);
    const coldMs = summary(slow.coldMs);
    const warmMs = summary(slow.warmMs);
    return {
      network: '400 kbit/s down and up, 400 ms round trip (Chromium network emulation)',
      rounds: ROUNDS,
      oneBar: { coldMs, warmMs, coldKb: round(summary(slow.coldBytes) / 1024, 0), warmKb: round(summary(slow.warmBytes) / 1024, 0) },
      unthrottled: { coldMs: summary(fast.coldMs), warmMs: summary(fast.warmMs) },
      coldRatio: round(coldMs / Math.max(1, summary(fast.coldMs)), 1),
      warmRatio: round(warmMs / Math.max(1, summary(fast.warmMs)), 1),
      targets: { coldMs: TARGET_COLD_MS, warmMs: TARGET_WARM_MS },
      // Request by request, the last round's loads on one bar: what the buttons waited for.
      oneBarRequests: { cold: slow.coldRequests, warm: slow.warmRequests },
      raw: {
        oneBar: { coldMs: slow.coldMs, warmMs: slow.warmMs, coldBytes: slow.coldBytes, warmBytes: slow.warmBytes },
        unthrottled: { coldMs: fast.coldMs, warmMs: fast.warmMs, coldBytes: fast.coldBytes, warmBytes: fast.warmBytes },
      },
      failedRequests: 0,
      meetsTarget: coldMs <= TARGET_COLD_MS && warmMs <= TARGET_WARM_MS,
    };
  } finally {
    await browser.close();
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
