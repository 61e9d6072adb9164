/** What people report: a short fixed list, so triage can sort and count. */
export const REPORT_CATEGORIES = ['fire', 'medical', 'crime', 'traffic', 'hazard', 'infrastructure', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Each category as people read it. */
export const CATEGORY_LABELS: Record<ReportCategory, string> = {
  fire: 'Fire',
  medical: 'Medical',
  crime: 'Crime',
  traffic: 'Traffic',
  hazard: 'Hazard',
  infrastructure: 'Infrastructure',
  other: 'Other',
};
