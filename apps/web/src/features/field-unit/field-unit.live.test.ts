import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Message } from '@argus/contracts/http/messages';
import type { Report } from '@argus/contracts/http/reports';
import type { Assignment, Unit } from '@argus/contracts/http/units';
import { testFrame } from '../../test/realtime';
import { messageQueries } from '../messages/messages.queries';
import { reportQueries } from '../reports/reports.queries';
import { applyFieldFrame, fieldChannels } from './field-unit.live';
import { fieldUnitKeys } from './field-unit.queries';

const unit: Unit = {
  id: 'u1',
  callsign: 'E2E-1',
  kind: 'patrol',
  status: 'available',
  members: ['me'],
  position: null,
  emergency: null,
  updatedAt: 100,
};
const assignment: Assignment = {
  id: 'd1',
  incidentId: 'i1',
  unitId: 'u1',
  status: 'assigned',
  milestones: { assigned: 100 },
  callsign: 'E2E-1',
  incident: {
    id: 'i1',
    reference: 'INC-2026-000001',
    title: 'Smoke',
    category: 'fire',
    severity: 'high',
    status: 'dispatched',
    location: { lat: 51.5, lon: -0.1 },
    description: '',
    source: null,
    threatLevel: null,
    createdAt: 1,
    updatedAt: 1,
    createdBy: null,
  },
};

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(fieldUnitKeys.units, { units: [unit] });
  queryClient.setQueryData(fieldUnitKeys.assignments, { assignments: [assignment] });
  return queryClient;
}

describe('field unit live updates', () => {
  it('listens to its unit, its user, broadcasts and public alerts', () => {
    expect(fieldChannels('me', 'u1')).toEqual(['unit:u1', 'user:me', 'broadcast', 'public-alerts']);
    expect(fieldChannels('me', null)).toEqual(['user:me', 'broadcast', 'public-alerts']);
  });

  it('takes a newer unit and ignores an older one', () => {
    const queryClient = seeded();
    applyFieldFrame(queryClient, testFrame('unit.updated', { ...unit, status: 'en_route', updatedAt: 200 }));
    applyFieldFrame(queryClient, testFrame('unit.updated', { ...unit, status: 'out_of_service', updatedAt: 150 }));
    expect(queryClient.getQueryData<{ units: Unit[] }>(fieldUnitKeys.units)?.units[0]?.status).toBe('en_route');
  });

  it('moves an assignment along and drops it when it is over', () => {
    const queryClient = seeded();
    const key = fieldUnitKeys.assignments;
    applyFieldFrame(
      queryClient,
      testFrame('dispatch.updated', {
        id: 'd1',
        incidentId: 'i1',
        unitId: 'u1',
        status: 'en_route',
        milestones: { assigned: 100, en_route: 150 },
      }),
    );
    expect(queryClient.getQueryData<{ assignments: Assignment[] }>(key)?.assignments[0]).toMatchObject({
      status: 'en_route',
      incident: { title: 'Smoke' },
    });
    applyFieldFrame(
      queryClient,
      testFrame('dispatch.updated', { id: 'd1', incidentId: 'i1', unitId: 'u1', status: 'cleared', milestones: { cleared: 300 } }),
    );
    expect(queryClient.getQueryData<{ assignments: Assignment[] }>(key)?.assignments).toEqual([]);
  });

  it('keeps a recalled assignment and its reason for the crew, and nothing for one that simply cleared', () => {
    const queryClient = seeded();
    applyFieldFrame(
      queryClient,
      testFrame('dispatch.updated', { id: 'd1', incidentId: 'i1', unitId: 'u1', status: 'cleared', milestones: { cleared: 300 } }),
    );
    expect(queryClient.getQueryData(fieldUnitKeys.recalled)).toBeUndefined();
    const again = seeded();
    applyFieldFrame(
      again,
      testFrame('dispatch.updated', {
        id: 'd1',
        incidentId: 'i1',
        unitId: 'u1',
        status: 'cancelled',
        milestones: { assigned: 100, cancelled: 400 },
        cancelReason: 'Needed at the bridge',
      }),
    );
    expect(again.getQueryData(fieldUnitKeys.recalled)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Needed at the bridge',
      incident: { title: 'Smoke' },
    });
    expect(again.getQueryData<{ assignments: Assignment[] }>(fieldUnitKeys.assignments)?.assignments).toEqual([]);
  });

  it('refetches assignments it cannot patch: a new one, or one it has not seen', () => {
    const queryClient = seeded();
    const key = fieldUnitKeys.assignments;
    applyFieldFrame(
      queryClient,
      testFrame('dispatch.created', { id: 'd2', incidentId: 'i2', unitId: 'u1', status: 'assigned', milestones: {} }),
    );
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('adds a message to its thread once', () => {
    const queryClient = seeded();
    const thread = messageQueries.thread({ channel: 'unit', targetId: 'u1' }).queryKey;
    queryClient.setQueryData(thread, { messages: [] });
    const message: Message = {
      id: 'm1',
      clientId: 'c1',
      channel: 'unit',
      targetId: 'u1',
      senderId: 'cmd',
      senderName: 'Casey',
      senderRole: 'Command_Admin',
      body: 'Hold position',
      sentAt: 5,
    };
    applyFieldFrame(queryClient, testFrame('message.created', message));
    applyFieldFrame(queryClient, testFrame('message.created', message));
    expect(queryClient.getQueryData<{ messages: Message[] }>(thread)?.messages).toEqual([message]);
  });

  it('shows a report’s new plain status', () => {
    const queryClient = seeded();
    const report: Report = {
      id: 'r1',
      trackingCode: 'RPT-ABCDEFGH',
      kind: 'field',
      category: 'fire',
      description: 'Smoke',
      location: { lat: 1, lon: 2 },
      status: 'submitted',
      statusText: 'Received',
      publicStage: 'received',
      outcome: null,
      reporterId: 'me',
      incidentId: null,
      rejectReason: null,
      photos: [],
      lock: null,
      createdAt: 1,
      updatedAt: 1,
    };
    queryClient.setQueryData(reportQueries.mine().queryKey, { reports: [report], nextCursor: null });
    applyFieldFrame(
      queryClient,
      testFrame('report.updated', {
        ...report,
        status: 'verified',
        statusText: 'Responders notified',
        publicStage: 'responders_notified',
        updatedAt: 9,
      }),
    );
    expect(queryClient.getQueryData<{ reports: Report[] }>(reportQueries.mine().queryKey)?.reports[0]?.statusText).toBe(
      'Responders notified',
    );
  });

  it('refetches everything after a reset', () => {
    const queryClient = seeded();
    applyFieldFrame(queryClient, testFrame('realtime.reset', { channel: 'unit:u1', seq: 9 }));
    expect(queryClient.getQueryState(fieldUnitKeys.units)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(fieldUnitKeys.assignments)?.isInvalidated).toBe(true);
  });
});
