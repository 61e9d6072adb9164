import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './support/processes';
import { authSuite } from './suites/auth';
import { tokensSuite } from './suites/tokens';
import { evidenceIngestSuite } from './suites/evidence-ingest';
import { realtimeSuite } from './suites/realtime';
import { detectionSuite } from './suites/detection';
import { analyticsQueriesSuite } from './suites/analytics-queries';
import { rulesEngineSuite } from './suites/rules-engine';
import { videoSuite } from './suites/video';
import { janusVideoSuite } from './suites/janus-video';
import { mapSymbolsSuite } from './suites/map-symbols';
import { fieldFirstLoadSuite } from './suites/field-first-load';
import { serverStartSuite } from './suites/server-start';
import { scaleOutSuite } from './suites/scale-out';
import { takCotSuite } from './suites/tak-cot';

/**
 * `npm run bench`: every suite measures Argus against a baseline in the same run and reports
 * the ratio, because absolute figures on a shared two-core machine drift from run to run.
 */
const suites = {
  auth: authSuite,
  tokens: tokensSuite,
  'evidence-ingest': evidenceIngestSuite,
  realtime: realtimeSuite,
  detection: detectionSuite,
  'analytics-queries': analyticsQueriesSuite,
  'rules-engine': rulesEngineSuite,
  video: videoSuite,
  'janus-video': janusVideoSuite,
  'map-symbols': mapSymbolsSuite,
  'field-first-load': fieldFirstLoadSuite,
  'server-start': serverStartSuite,
  'scale-out': scaleOutSuite,
  'tak-cot': takCotSuite,
};
const only = process.argv[2];
const resultsDir = path.join(repoRoot, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });

let missed = false;
for (const [name, suite] of Object.entries(suites)) {
  if (only && only !== name) continue;
  console.log(`\n=== bench: ${name} ===`);
  const result = await suite();
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (result.failedRequests > 0) {
    console.error(`${name}: ${result.failedRequests} requests failed under load; the figures do not count.`);
    missed = true;
  }
  if (!result.meetsTarget) {
    console.error(`${name}: the figures miss the suite's target.`);
    missed = true;
  }
}
process.exit(missed ? 1 : 0);
