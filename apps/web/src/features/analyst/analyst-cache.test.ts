import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Report } from '@argus/contracts/http/reports';
import { isDroppedAtSocket, testFrame } from '../../test/realtime';
import { patchNearbyIncident, upsertOpenIncident } from '../incidents/incidents.live';
import { incidentQueries } from '../incidents/incidents.queries';
import { addMessage } from '../messages/messages.live';
import { messageQueries } from '../messages/messages.queries';
import { upsertQueueReport } from '../reports/reports.live';
import { reportQueries } from '../reports/reports.queries';
import { applyAnalystFrame } from './analyst-cache';
import { holdsLock, otherLockHolder } from './triage-lock';

function report(overrides: Partial<Report> = {}): Report {
  return {
    id: 'r1',
    trackingCode: 'RPT-AAAA2222',
    kind: 'civic',
    category: 'fire',
    description: 'Smoke from the warehouse roof',
    location: { lat: 51.5, lon: -0.12 },
    status: 'submitted',
    statusText: 'Received',
    publicStage: 'received',
    outcome: null,
    reporterId: 'u1',
    incidentId: null,
    rejectReason: null,
    photos: [],
    lock: null,
    createdAt: 1000,
    updatedAt: 1000,
    ...overrides,
  };
}

function incident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: 'i1',
    reference: 'INC-2026-000001',
    title: 'Warehouse fire',
    category: 'fire',
    severity: 'high',
    status: 'new',
    location: { lat: 51.5, lon: -0.12 },
    description: '',
    source: null,
    threatLevel: null,
    createdAt: 1000,
    updatedAt: 1000,
    createdBy: null,
    ...overrides,
  };
}

describe('the triage queue cache', () => {
  it('adds new reports newest first and keeps the filter', () => {
    const queue = { reports: [report({ id: 'old', createdAt: 500 })], nextCursor: null };
    const next = upsertQueueReport(queue, report({ id: 'new', createdAt: 2000 }), 'all');
    expect(next.reports.map((item) => item.id)).toEqual(['new', 'old']);
    expect(next.nextCursor).toBeNull();
    expect(upsertQueueReport(queue, report({ id: 'f', kind: 'field' }), 'civic').reports.map((item) => item.id)).toEqual(['old']);
  });

  it('drops judged reports and ignores an older copy', () => {
    const queue = { reports: [report({ updatedAt: 3000, status: 'under_review' })], nextCursor: null };
    expect(upsertQueueReport(queue, report({ updatedAt: 2000 }), 'all').reports[0]!.status).toBe('under_review');
    expect(upsertQueueReport(queue, report({ updatedAt: 4000, status: 'verified' }), 'all').reports).toEqual([]);
  });
});

describe('open incidents and nearby', () => {
  it('adds, replaces and drops incidents as they open, change and close', () => {
    const page = { incidents: [incident()], nextCursor: null };
    expect(upsertOpenIncident(page, incident({ threatLevel: 'high', updatedAt: 2000 })).incidents[0]!.threatLevel).toBe('high');
    expect(upsertOpenIncident(page, incident({ status: 'resolved', updatedAt: 2000 })).incidents).toEqual([]);
    expect(upsertOpenIncident(page, incident({ id: 'i2', createdAt: 5000 })).incidents.map((item) => item.id)).toEqual(['i2', 'i1']);
  });

  it('drops a nearby incident once it is closed and leaves others alone', () => {
    const nearby = { reports: [], incidents: [{ incident: incident(), distanceM: 120 }] };
    expect(patchNearbyIncident(nearby, incident({ status: 'closed' })).incidents).toEqual([]);
    expect(patchNearbyIncident(nearby, incident({ id: 'elsewhere' }))).toBe(nearby);
  });
});

describe('applyAnalystFrame', () => {
  it('puts a new report in every queue it belongs to and an incident note in its thread', () => {
    const client = new QueryClient();
    client.setQueryData(reportQueries.triageQueue('all').queryKey, { reports: [], nextCursor: null });
    client.setQueryData(reportQueries.triageQueue('field').queryKey, { reports: [], nextCursor: null });
    client.setQueryData(messageQueries.notes('i1').queryKey, { messages: [] });
    applyAnalystFrame(client, testFrame('report.created', report()));
    expect(client.getQueryData(reportQueries.triageQueue('all').queryKey)?.reports).toHaveLength(1);
    expect(client.getQueryData(reportQueries.triageQueue('field').queryKey)?.reports).toHaveLength(0);

    const note = {
      id: 'n1',
      clientId: 'c',
      channel: 'incident',
      targetId: 'i1',
      senderId: 'u',
      senderName: 'Avery Analyst',
      senderRole: 'Intelligence_Analyst',
      body: 'Check the CCTV',
      sentAt: 10,
    };
    applyAnalystFrame(client, testFrame('message.created', note));
    applyAnalystFrame(client, testFrame('message.created', note));
    expect(client.getQueryData(messageQueries.notes('i1').queryKey)?.messages).toHaveLength(1);
  });

  it('fetches every list and report the console shows again after a realtime.reset', () => {
    const client = new QueryClient();
    const keys: QueryKey[] = [
      reportQueries.triageQueue('all').queryKey,
      reportQueries.detail('r1').queryKey,
      reportQueries.nearby('r1').queryKey,
      incidentQueries.open().queryKey,
      messageQueries.notes('i1').queryKey,
    ];
    for (const queryKey of keys) client.setQueryData(queryKey, {});
    applyAnalystFrame(client, testFrame('realtime.reset', { channel: 'reports', seq: 1 }));
    expect(keys.filter((queryKey) => !client.getQueryState(queryKey)?.isInvalidated)).toEqual([]);
  });

  it('never sees frames whose data is not the contract shape: the socket client drops them', () => {
    expect(isDroppedAtSocket('report.created', { id: 'half a report' })).toBe(true);
  });
});

describe('the triage lock as others see it', () => {
  const locked = report({ lock: { holderId: 'avery', holderName: 'Avery Analyst', expiresAt: 10_000 } });
  it('names the holder to everyone else until it expires', () => {
    expect(otherLockHolder(locked, 'casey', 5000)).toBe('Avery Analyst');
    expect(otherLockHolder(locked, 'casey', 10_000)).toBeNull();
    expect(otherLockHolder(locked, 'avery', 5000)).toBeNull();
    expect(holdsLock(locked, 'avery', 5000)).toBe(true);
  });
});

describe('notes', () => {
  it('adds a note once, newest first', () => {
    const first = {
      id: 'a',
      clientId: 'a',
      channel: 'incident' as const,
      targetId: 'i1',
      senderId: 'u',
      senderName: 'A',
      senderRole: 'Intelligence_Analyst' as const,
      body: 'one',
      sentAt: 1,
    };
    const second = { ...first, id: 'b', clientId: 'b', sentAt: 2 };
    expect(addMessage(addMessage({ messages: [first] }, second), second).messages.map((item) => item.id)).toEqual(['b', 'a']);
  });
});
