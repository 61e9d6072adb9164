import { createHash } from 'node:crypto';
import { FIELD_FIRST_READS, FIRST_READS_GLOBAL } from '@argus/contracts/http/first-reads';
import type { SiteType } from '@argus/contracts/sites';

/**
 * The one inline script of the app: on the field site it starts the reads the status buttons wait
 * on as soon as the HTML arrives, so their round trips overlap the scripts' download instead of
 * following it. The app takes each answer once, and only a successful one
 * (apps/web/src/lib/first-reads.ts; docs/decisions/0063-the-field-page-first-reads-start-from-its-html.md).
 * A failed read answers null, so nothing is ever left rejected and unhandled.
 */
const FIELD_SCRIPT =
  `window.${FIRST_READS_GLOBAL}=Object.fromEntries(${JSON.stringify(FIELD_FIRST_READS)}.map(function(p){` +
  `return[p,fetch(p,{credentials:"same-origin",headers:{Accept:"application/json"}}).catch(function(){return null})]}))`;

/** Allowed by the page's CSP by its hash alone: no other inline script may run. */
const FIELD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIELD_SCRIPT).digest('base64')}'`;

/** The `<script>` a site's page carries in its head, if any. */
export function firstReadsTag(site: SiteType): string {
  return site === 'field' ? `<script>${FIELD_SCRIPT}</script>` : '';
}

/** The CSP sources of the inline script a site's page carries: its hash, or none. */
export function firstReadsScriptSources(site: SiteType): readonly string[] {
  return site === 'field' ? [FIELD_SCRIPT_HASH] : [];
}
