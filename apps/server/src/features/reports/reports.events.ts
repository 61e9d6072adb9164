import { channels } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentReport } from './reports.presenter';
import type { ReportView } from './reports.repository';

/**
 * A report reaches the triage queue and its own reporter, never other reporters. The two
 * audiences see it differently (only triage sees the lock), so each gets its own event.
 */
function announce(type: 'report.created' | 'report.updated', row: ReportView, now: number): OperationalEvent[] {
  const triage: OperationalEvent = { type, channels: ['reports'], data: presentReport(row, { triages: true, now }) };
  // A report filed without an account has no channel of its own; its follow link reads it back over HTTP.
  if (row.reporter_id === null) return [triage];
  return [triage, { type, channels: [channels.user(row.reporter_id)], data: presentReport(row, { triages: false, now }) }];
}

export const reportEvents = {
  created: (row: ReportView, now: number) => announce('report.created', row, now),
  updated: (row: ReportView, now: number) => announce('report.updated', row, now),
  /** Only the reporter hears that the incident behind their report moved: triage follows the incident itself. */
  progressed: (row: ReportView, now: number): OperationalEvent[] =>
    row.reporter_id === null
      ? []
      : [{ type: 'report.updated', channels: [channels.user(row.reporter_id)], data: presentReport(row, { triages: false, now }) }],
};
