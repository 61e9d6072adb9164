import { describe, expect, it } from 'vitest';
import { publicReportStatus, type IncidentProgress } from './civic-status';

const verified = { status: 'verified', rejectReason: null } as const;
const incident = (changes: Partial<IncidentProgress> = {}): IncidentProgress => ({
  status: 'new',
  publicNote: null,
  assignments: [],
  ...changes,
});

describe('the public status of a report', () => {
  it('follows the report until it is judged', () => {
    expect(publicReportStatus({ status: 'submitted', rejectReason: null }, null)).toEqual({
      stage: 'received',
      text: 'Received',
      outcome: null,
    });
    expect(publicReportStatus({ status: 'under_review', rejectReason: null }, null).text).toBe('Under review');
  });

  it('closes a rejected report with the reason', () => {
    expect(publicReportStatus({ status: 'rejected', rejectReason: 'Already cleared by the council.' }, null)).toEqual({
      stage: 'closed',
      text: 'Closed',
      outcome: 'Already cleared by the council.',
    });
  });

  it('stays under review after verification until a unit is assigned', () => {
    expect(publicReportStatus(verified, incident()).text).toBe('Under review');
    expect(publicReportStatus(verified, incident({ status: 'triaged' })).text).toBe('Under review');
    // Command may mark an incident dispatched by hand; the public hears of responders only when a unit is sent.
    expect(publicReportStatus(verified, incident({ status: 'dispatched' })).text).toBe('Under review');
  });

  it('walks the incident through notified, on scene and closed with the public note', () => {
    expect(publicReportStatus(verified, incident({ status: 'dispatched', assignments: ['assigned'] })).text).toBe('Responders notified');
    expect(publicReportStatus(verified, incident({ status: 'dispatched', assignments: ['en_route', 'assigned'] })).text).toBe(
      'Responders notified',
    );
    expect(publicReportStatus(verified, incident({ status: 'on_scene', assignments: ['on_scene', 'assigned'] })).text).toBe(
      'Responders on scene',
    );
    expect(publicReportStatus(verified, incident({ status: 'on_scene', assignments: ['cleared'] })).text).toBe('Responders on scene');
    expect(
      publicReportStatus(verified, incident({ status: 'resolved', assignments: ['cleared'], publicNote: 'The tree was removed.' })),
    ).toEqual({ stage: 'closed', text: 'Closed', outcome: 'The tree was removed.' });
    expect(publicReportStatus(verified, incident({ status: 'closed' }))).toEqual({ stage: 'closed', text: 'Closed', outcome: null });
  });

  it('takes "Responders notified" back when the only unit is recalled', () => {
    expect(publicReportStatus(verified, incident({ status: 'dispatched', assignments: ['cancelled'] })).text).toBe('Under review');
  });

  it('makes a merged report follow the incident it joined', () => {
    const merged = { status: 'merged', rejectReason: null } as const;
    expect(publicReportStatus(merged, incident({ status: 'on_scene', assignments: ['on_scene'] })).text).toBe('Responders on scene');
    expect(publicReportStatus(merged, incident({ status: 'resolved', publicNote: 'Road reopened.' })).outcome).toBe('Road reopened.');
  });
});
