import { describe, expect, it } from 'vitest';
import type { Assignment, Unit } from '@argus/contracts/http/units';
import { byDispatchTime, endTimes, unitsToDraw } from './incident-report';

const status = (id: string, at: number, from: string, to: string) => ({
  id,
  at,
  kind: 'incident.status',
  actor: null,
  detail: { from, to },
});

describe('endTimes', () => {
  it('reads the last resolve and the close from the status changes', () => {
    const entries = [
      { id: 'a', at: 100, kind: 'incident.created', actor: null, detail: { to: 'closed' } },
      status('b', 200, 'on_scene', 'resolved'),
      status('c', 300, 'resolved', 'triaged'),
      status('d', 400, 'triaged', 'resolved'),
      status('e', 500, 'resolved', 'closed'),
    ];
    expect(endTimes(entries)).toEqual({ resolvedAt: 400, closedAt: 500 });
  });

  it('says never for an incident still open', () => {
    expect(endTimes([status('a', 100, 'new', 'dispatched')])).toEqual({ resolvedAt: null, closedAt: null });
  });
});

const assignment = (id: string, unitId: string, callsign: string, assigned?: number) =>
  ({ id, unitId, callsign, milestones: assigned === undefined ? {} : { assigned } }) as unknown as Assignment;

describe('byDispatchTime', () => {
  it('puts the earliest dispatch first, then by callsign, and one without a time last', () => {
    const sorted = byDispatchTime([
      assignment('1', 'u1', 'BRAVO', 300),
      assignment('2', 'u2', 'ZULU'),
      assignment('3', 'u3', 'ALPHA', 300),
      assignment('4', 'u4', 'ECHO', 100),
    ]);
    expect(sorted.map((item) => item.callsign)).toEqual(['ECHO', 'ALPHA', 'BRAVO', 'ZULU']);
  });
});

describe('unitsToDraw', () => {
  it('keeps the incident’s units that have a position', () => {
    const unit = (id: string, positioned: boolean) =>
      ({ id, position: positioned ? { location: { lat: 1, lon: 2 }, heading: null, speed: null, at: 1 } : null }) as unknown as Unit;
    const drawn = unitsToDraw(
      [assignment('1', 'u1', 'A'), assignment('2', 'u2', 'B')],
      [unit('u1', true), unit('u2', false), unit('u3', true)],
    );
    expect(drawn.map((item) => item.id)).toEqual(['u1']);
  });
});
