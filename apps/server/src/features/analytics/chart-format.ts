/** Number and label helpers for chart tables: one rounding rule, so chart, table and CSV agree. */

export const iso = (ms: number) => new Date(ms).toISOString();
/** "2026-11-23 14:00 UTC", for summaries read aloud. */
export const readableTime = (ms: number) => `${iso(ms).slice(0, 16).replace('T', ' ')} UTC`;

/** Minutes to one decimal. */
export const formatMinutes = (ms: number) => Math.round(ms / 6_000) / 10;
/** Seconds to one decimal. */
export const formatSeconds = (ms: number) => Math.round(ms / 100) / 10;
/** Hours to two decimals. */
export const formatHours = (ms: number) => Math.round(ms / 36_000) / 100;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Stable keys for series whose labels are free text (incident categories). */
export const seriesKeys = (count: number) => Array.from({ length: count }, (_, index) => `s${index}`);

/** The categories with the most incidents, most first (ties by name). */
export function topCategories(counts: readonly { key: string; n: number }[], limit: number): string[] {
  const totals = new Map<string, number>();
  for (const count of counts) totals.set(count.key, (totals.get(count.key) ?? 0) + count.n);
  return [...totals.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([name]) => name);
}
