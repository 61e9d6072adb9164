import { ANALYTICS_LIMITS, ANALYTICS_PRESETS, type AnalyticsPreset } from '@argus/contracts/http/analytics';

/** What the picker holds: a preset, or a custom range typed as local date-times. */
export interface RangeChoice {
  preset: AnalyticsPreset | 'custom';
  customFrom: string;
  customTo: string;
  includeExercise: boolean;
}

export type ResolvedRange = { ok: true; from: number; to: number } | { ok: false; problem: string };

/** Presets end at the current minute (rounded up), so a page reloaded within it asks for the same range. */
export function resolveRange(choice: RangeChoice, now: number): ResolvedRange {
  if (choice.preset !== 'custom') {
    const to = Math.ceil(now / 60_000) * 60_000;
    return { ok: true, from: to - ANALYTICS_PRESETS[choice.preset].ms, to };
  }
  const from = Date.parse(choice.customFrom);
  const to = Date.parse(choice.customTo);
  if (Number.isNaN(from) || Number.isNaN(to)) return { ok: false, problem: 'Enter both a start and an end for the custom range.' };
  if (from >= to) return { ok: false, problem: 'The start of the range must be before its end.' };
  if (to - from > ANALYTICS_LIMITS.maxRangeMs) return { ok: false, problem: 'A range can cover at most 366 days.' };
  return { ok: true, from, to };
}

/** A time as the value of an <input type="datetime-local"> in the browser's zone. */
export function toLocalInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}
