import fs from 'node:fs';
import path from 'node:path';
import type { SiteType } from '@argus/contracts/sites';

/** One chunk in the build's manifest (Vite's `build.manifest`): its file and what it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The page each site opens on, by its source module in the build: the field site is the field
 * unit's screen on every path. Its chunks are named in that site's HTML as modulepreloads, so a
 * phone on one bar of signal fetches them alongside the entry script instead of after it has run
 * and checked the session (docs/decisions/0050-field-first-load.md).
 */
const SITE_PAGES: Partial<Record<SiteType, string>> = {
  field: 'src/features/field-unit/FieldUnitPage.tsx',
};

/** The chunk of `source` and every chunk it imports statically, as build-relative files. */
function chunkFiles(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return files;
}

/** Reads the build's manifest; a build without one (or none at all) preloads nothing extra. */
function readManifest(webDist: string): Record<string, ManifestChunk> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
}

/**
 * The `<link rel="modulepreload">` tags to add to a site's page: its first page's chunks, less
 * those the page already names (the entry's own preloads).
 */
export function sitePreloadLinks(webDist: string, template: string): Map<SiteType, string> {
  const links = new Map<SiteType, string>();
  const manifest = readManifest(webDist);
  if (!manifest) return links;
  for (const [site, source] of Object.entries(SITE_PAGES) as [SiteType, string][]) {
    const tags = chunkFiles(manifest, source)
      .filter((file) => !template.includes(`"/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    if (tags.length > 0) links.set(site, tags.join(''));
  }
  return links;
}
