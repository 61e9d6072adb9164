import { displayFileName } from '@argus/contracts/file-names';
import type { PreviewFeature } from '@argus/contracts/http/zones';
import { isRiskLevel, type RiskLevel } from '@argus/contracts/zones';
import type { PreviewStatus } from '../../lib/map/overlays/zones';

/** valid: imported as found; repaired: imported after a safe repair; invalid: refused. */
export function previewStatus(feature: PreviewFeature): PreviewStatus {
  if (!feature.importable) return 'invalid';
  return feature.repairs.length > 0 ? 'repaired' : 'valid';
}

/** The attribute most likely to name features ("name", "NAME", "title", …), else null. */
export function guessNameField(attributes: readonly string[]): string | null {
  for (const wanted of ['name', 'title', 'label', 'nom', 'admin', 'id']) {
    const found = attributes.find((attribute) => attribute.toLowerCase() === wanted || attribute.toLowerCase().startsWith(wanted));
    if (found) return found;
  }
  return null;
}

/** The attribute most likely to hold a risk level ("risk", "threat", "level", …), else null. */
export function guessRiskField(attributes: readonly string[]): string | null {
  return attributes.find((attribute) => /risk|threat|level|danger|sever/i.test(attribute)) ?? null;
}

/** The distinct values of an attribute (as text), for mapping each to a risk level; at most `limit`. */
export function distinctValues(features: readonly PreviewFeature[], field: string, limit = 30): string[] {
  const values = new Set<string>();
  for (const feature of features) {
    const value = feature.properties[field];
    if (value === null || value === undefined) continue;
    values.add(String(value).trim());
    if (values.size >= limit) break;
  }
  return [...values].sort();
}

/** A first mapping: values that already name a level ("High", "critical") map to it. */
export function initialRiskMap(values: readonly string[]): Record<string, RiskLevel> {
  const map: Record<string, RiskLevel> = {};
  for (const value of values) if (isRiskLevel(value.toLowerCase())) map[value] = value.toLowerCase() as RiskLevel;
  return map;
}

/** The name a feature's zone gets: its name attribute, else the file's name and its number (as the server names it). */
export function featureName(feature: PreviewFeature, nameField: string | null, filename: string): string {
  const value = nameField ? feature.properties[nameField] : null;
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text || `${displayFileName(filename, 'upload')} #${feature.index + 1}`;
}
