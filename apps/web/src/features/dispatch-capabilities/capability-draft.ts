import type { DispatchCapabilities, DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import type { UnitKind } from '@argus/contracts/units';

/**
 * The Settings form's copy of the dispatch capability table, as typed: a kind's capabilities as one
 * line separated by commas, its speed as text. It is turned into the contracts' shape to be checked
 * and saved, and never replaced by a refusal, so nothing typed is lost.
 */
export interface KindDraft {
  kind: UnitKind;
  capabilities: string;
  speed: string;
}

export interface CategoryDraft {
  /** Stable across edits, for React's list keys; never sent. */
  key: string;
  category: string;
  needs: string[];
}

export interface CapabilityDraft {
  kinds: KindDraft[];
  categories: CategoryDraft[];
}

let nextKey = 0;
/** A key for a category row the form adds or loads. */
export const newCategoryKey = () => `category-${(nextKey += 1)}`;

export function draftFromTable(table: DispatchCapabilitiesResponse): CapabilityDraft {
  return {
    kinds: table.unitKinds.map((entry) => ({
      kind: entry.kind,
      capabilities: entry.capabilities.join(', '),
      speed: String(entry.speedKmh),
    })),
    categories: table.categories.map((entry) => ({ key: newCategoryKey(), category: entry.category, needs: [...entry.needs] })),
  };
}

/** "fire suppression, Technical rescue," → ["fire suppression", "technical rescue"]; a line break separates too. */
export function splitCapabilities(text: string): string[] {
  return text
    .split(/[,\r\n]/)
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
}

/** The draft in the shape the server takes; the shared schema then says what is wrong with it. */
export function tableFromDraft(draft: CapabilityDraft): DispatchCapabilities {
  return {
    unitKinds: draft.kinds.map((entry) => ({
      kind: entry.kind,
      capabilities: splitCapabilities(entry.capabilities),
      speedKmh: entry.speed.trim() === '' ? Number.NaN : Number(entry.speed),
    })),
    categories: draft.categories.map((entry) => ({ category: entry.category, needs: entry.needs })),
  };
}

/** Every capability the kinds offer, in the order first typed: what a category may need. */
export function offeredCapabilities(draft: CapabilityDraft): string[] {
  return [...new Set(draft.kinds.flatMap((entry) => splitCapabilities(entry.capabilities)))];
}

/**
 * Where a problem is shown: `kind.<i>.capabilities`, `kind.<i>.speed`, `category.<i>.category`,
 * `category.<i>.needs`, or `form` for one about the table as a whole.
 */
export type DraftField = `kind.${number}.${'capabilities' | 'speed'}` | `category.${number}.${'category' | 'needs'}` | 'form';

/** The field an issue's dotted path ("unitKinds.1.speedKmh", "categories.0.needs.2") is about. */
export function draftFieldOf(path: string): DraftField {
  const [list, index, field] = path.split('.');
  const at = Number(index);
  if (list === 'unitKinds' && Number.isInteger(at)) return `kind.${at}.${field === 'speedKmh' ? 'speed' : 'capabilities'}`;
  if (list === 'categories' && Number.isInteger(at)) return `category.${at}.${field === 'category' ? 'category' : 'needs'}`;
  return 'form';
}

/** One message per field, the first reported. */
export function draftErrors(issues: readonly { path: string; message: string }[]): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of issues) errors[draftFieldOf(issue.path)] ??= issue.message;
  return errors;
}
