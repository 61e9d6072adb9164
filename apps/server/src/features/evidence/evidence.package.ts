import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { PRODUCT_NAME } from '@argus/contracts/product';
import { presentCustody, presentEvidence } from './evidence.presenter';
import type { CustodyView, EvidenceRow, EvidenceView } from './evidence.repository';

export interface PackageContents {
  exportId: string;
  at: number;
  exporter: { id: string; name: string; email: string };
  items: EvidenceView[];
  custody: Map<string, CustodyView[]>;
  openFile: (item: EvidenceRow) => Readable;
}

/** Where an item's original sits inside the package: unique (the id leads) and readable. */
export const packagePath = (item: Pick<EvidenceRow, 'id' | 'filename'>) =>
  `files/${item.id.slice(0, 8)}-${item.filename.replace(/[^\w.-]+/g, '_')}`;

/**
 * An export package as a zip stream: the originals byte for byte, `manifest.json`, a readable
 * `manifest.html`, and `SHA256SUMS` so anyone can check the files with `sha256sum -c SHA256SUMS`.
 * Files are opened one at a time as the zip reaches them, so memory stays flat.
 */
export function buildPackage(contents: PackageContents): Readable {
  const manifest = {
    product: PRODUCT_NAME,
    exportId: contents.exportId,
    exportedAt: new Date(contents.at).toISOString(),
    exporter: contents.exporter,
    verify: 'sha256sum -c SHA256SUMS',
    items: contents.items.map((item) => ({
      ...presentEvidence(item),
      path: packagePath(item),
      custody: (contents.custody.get(item.id) ?? []).map(presentCustody),
    })),
  };
  const zip = new yazl.ZipFile();
  const mtime = new Date(contents.at);
  for (const item of contents.items) {
    // Media is already compressed; storing it keeps the export as fast as a copy.
    zip.addReadStreamLazy(packagePath(item), { mtime, compress: false, size: Number(item.size) }, (callback) =>
      callback(null, contents.openFile(item)),
    );
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json', { mtime });
  zip.addBuffer(Buffer.from(manifestHtml(manifest)), 'manifest.html', { mtime });
  zip.addBuffer(Buffer.from(contents.items.map((item) => `${item.sha256}  ${packagePath(item)}\n`).join('')), 'SHA256SUMS', { mtime });
  zip.end();
  return zip.outputStream as Readable;
}

type Manifest = {
  exportId: string;
  exportedAt: string;
  exporter: { name: string; email: string };
  items: Array<ReturnType<typeof presentEvidence> & { path: string; custody: ReturnType<typeof presentCustody>[] }>;
};

function manifestHtml(manifest: Manifest): string {
  const rows = manifest.items
    .map(
      (item) => `<section>
<h2>${escape(item.filename)}</h2>
<dl>
<dt>File in package</dt><dd><code>${escape(item.path)}</code></dd>
<dt>SHA-256</dt><dd><code>${item.sha256}</code></dd>
<dt>Size</dt><dd>${item.size} bytes</dd>
<dt>Type</dt><dd>${escape(item.mime)} (${item.kind})</dd>
<dt>Status</dt><dd>${item.status}${item.statusReason ? ` — ${escape(item.statusReason)}` : ''}</dd>
<dt>Captured by</dt><dd>${escape(item.capturedByName ?? 'unknown')}${item.capturedAt ? ` at ${new Date(item.capturedAt).toISOString()}` : ''}${item.capturedWhere ? ` (${item.capturedWhere.lat.toFixed(6)}, ${item.capturedWhere.lon.toFixed(6)})` : ''}</dd>
${item.derivedFromSha256 ? `<dt>Derived from</dt><dd><code>${item.derivedFromSha256}</code> (${escape(item.derivation ?? '')})</dd>` : ''}
</dl>
<table>
<caption>Chain of custody</caption>
<thead><tr><th scope="col">#</th><th scope="col">Action</th><th scope="col">Who</th><th scope="col">When (UTC)</th><th scope="col">From</th><th scope="col">Entry hash</th></tr></thead>
<tbody>
${item.custody
  .map(
    (entry) =>
      `<tr><td>${entry.seq}</td><td>${entry.action}</td><td>${escape(entry.actorName ?? entry.actorId ?? 'system')}</td><td>${new Date(entry.at).toISOString()}</td><td>${escape(entry.ip ?? '')}</td><td><code>${entry.hash}</code></td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Evidence export ${manifest.exportId}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}code{word-break:break-all}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}dt{font-weight:600}</style>
</head>
<body>
<h1>Evidence export</h1>
<p>Export <code>${manifest.exportId}</code>, made by ${escape(manifest.exporter.name)} (${escape(manifest.exporter.email)}) at ${manifest.exportedAt}.</p>
<p>Check every file with <code>sha256sum -c SHA256SUMS</code> in the folder this package was unzipped into.</p>
${rows}
</body>
</html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
