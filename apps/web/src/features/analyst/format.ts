import type { ReportStatus } from '@argus/contracts/reports';
import { formatDistance } from '../../lib/geo/distance';

/** "out_of_service" → "Out of service": contract values read as words without a label table per page. */
export function sentenceCase(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  submitted: 'New',
  under_review: 'Under review',
  verified: 'Verified',
  rejected: 'Rejected',
  merged: 'Merged as a duplicate',
};

/** The triage word for a report's status (the reporter sees plainer ones: publicReportStatus in contracts). */
export function reportStatusLabel(status: ReportStatus): string {
  return REPORT_STATUS_LABELS[status];
}

/** "4 min apart", "2 h 5 min apart": how far apart in time two reports were filed. */
export function formatMinutesApart(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 1) return 'under a minute apart';
  if (whole < 60) return `${whole} min apart`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${hours} h apart` : `${hours} h ${rest} min apart`;
}

/** Why a report is suggested, in words: "40 m away · 3 min apart · same category · shares smoke, warehouse". */
export function duplicateReasons(why: {
  distanceM: number;
  minutesApart: number;
  sharedWords: readonly string[];
  sameCategory: boolean;
}): string {
  const shared =
    why.sharedWords.length === 0
      ? 'no words in common'
      : `shares ${why.sharedWords.slice(0, 5).join(', ')}${why.sharedWords.length > 5 ? '…' : ''}`;
  return [
    `${formatDistance(why.distanceM)} away`,
    formatMinutesApart(why.minutesApart),
    why.sameCategory ? 'same category' : 'other category',
    shared,
  ].join(' · ');
}
