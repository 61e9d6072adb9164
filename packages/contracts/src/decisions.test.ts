import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Why the code is as it is must be readable from a clone: comments and docs cite
// docs/decisions/ and docs/specification.md, never files beside the repository.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', '.ci'];
const SKIPPED = new Set(['node_modules', 'dist', 'results', 'data', '.e2e-artifacts']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|md)$|^run$/;

function textFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : textFiles(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

const files = [
  ...FOLDERS.flatMap((folder) => textFiles(path.join(root, folder))),
  path.join(root, 'AGENTS.md'),
  path.join(root, 'README.md'),
];
const relative = (file: string) => path.relative(root, file);

describe('the design reasons live in the repository', () => {
  it('points at nothing outside the repository', () => {
    const outside = /\.\.\/shared\/|shared\/seed\/|DESIGN\.md|STYLE\.md/;
    const offenders = files.filter((file) => outside.test(fs.readFileSync(file, 'utf8'))).map(relative);
    expect(offenders).toEqual([]);
  });

  it('cites only decision files that exist', () => {
    const missing = files.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)]
        .map((match) => match[1]!)
        .filter((name) => !fs.existsSync(path.join(root, 'docs/decisions', name)))
        .map((name) => `${relative(file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists every decision in the index, and indexes only files that exist', () => {
    const folder = path.join(root, 'docs/decisions');
    const decisions = fs.readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    const linked = [...index.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]!);
    expect(linked.toSorted()).toEqual(decisions.toSorted());
  });
});
