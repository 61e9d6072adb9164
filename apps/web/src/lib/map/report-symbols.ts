import { REPORT_KINDS, REPORT_STATUSES, type ReportKind, type ReportStatus } from '@argus/contracts/reports';
import { REPORT_COLOUR, REPORT_STATUS_COLOURS } from './palette';
import { isOneOf, nameParts, type SymbolLook } from './symbol-look';

/**
 * How a report is drawn: a MIL-STD-2525D activity/event (symbol set 40, the frame with corner
 * marks). A civic report, from the public, is in the neutral (civilian) square filled with the
 * reports' pink; a field report, from Argus's own crews, in the friendly frame. The triage status
 * is a badge letter (docs/decisions/0030-unit-symbols.md).
 */
export const REPORT_KIND_SIDCS: Record<ReportKind, string> = {
  civic: '10044000001100000000',
  field: '10034000001100000000',
};

/** The letter in each status badge: one per status. */
export const REPORT_STATUS_GLYPHS: Record<ReportStatus, string> = {
  submitted: 'N',
  under_review: 'R',
  verified: 'V',
  rejected: 'X',
  merged: 'M',
};

/** Statuses after which a report needs nothing more: the frame is pale. */
const CLOSED: ReadonlySet<ReportStatus> = new Set(['rejected', 'merged']);

const NAME_PREFIX = 'argus-report-';

export function reportSymbolName(kind: ReportKind, status: ReportStatus): string {
  return `${NAME_PREFIX}${kind}-${status}`;
}

export function reportSymbol(kind: ReportKind, status: ReportStatus): SymbolLook {
  return {
    name: reportSymbolName(kind, status),
    sidc: REPORT_KIND_SIDCS[kind],
    fillColour: kind === 'civic' ? REPORT_COLOUR : undefined,
    fillOpacity: CLOSED.has(status) ? 0.35 : 1,
    badge: { text: REPORT_STATUS_GLYPHS[status], colour: REPORT_STATUS_COLOURS[status] },
  };
}

/** The look a name stands for, or null when the name is not a report look's. */
export function reportSymbolFromName(name: string): SymbolLook | null {
  const [kind, status, ...rest] = nameParts(name, NAME_PREFIX) ?? [];
  if (rest.length > 0 || !isOneOf(REPORT_KINDS, kind) || !isOneOf(REPORT_STATUSES, status)) return null;
  return reportSymbol(kind, status);
}
