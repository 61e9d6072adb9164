import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import { isDroppedAtSocket, testFrame } from '../../test/realtime';
import { incidentQueries } from '../incidents/incidents.queries';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { takContactQueries, takPointQueries } from '../tak/tak.queries';
import { unitQueries } from '../units/units.queries';
import { LIVE_FLUSH_INTERVAL_MS, LiveCache } from './live-cache';

const unit = (id: string, lat: number, at: number): Unit => ({
  id,
  callsign: `U-${id}`,
  kind: 'patrol',
  status: 'available',
  members: [],
  position: { location: { lat, lon: 0 }, heading: null, speed: null, at },
  emergency: null,
  updatedAt: at,
});

const incident = (id: string, status: Incident['status'], updatedAt: number): Incident => ({
  id,
  reference: `INC-2026-${id}`,
  title: 'Fire',
  category: 'fire',
  severity: 'high',
  status,
  location: { lat: 1, lon: 2 },
  description: '',
  source: null,
  threatLevel: null,
  createdAt: 1,
  updatedAt,
  createdBy: null,
});

describe('LiveCache', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
  });
  afterEach(() => vi.useRealTimers());

  it('applies thousands of position frames as one list update per flush, newest per unit', () => {
    const key = unitQueries.list().queryKey;
    queryClient.setQueryData(key, { units: Array.from({ length: 1000 }, (_, index) => unit(String(index), 0, 1)), nextCursor: null });
    const cache = new LiveCache(queryClient, LIVE_FLUSH_INTERVAL_MS, () => Date.now());
    let writes = 0;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') writes += 1;
    });
    cache.accept(testFrame('unit.position', unit('0', 1, 2)));
    vi.advanceTimersByTime(0);
    expect(writes).toBe(1);
    for (let round = 2; round < 12; round += 1) {
      for (let index = 0; index < 1000; index += 1) cache.accept(testFrame('unit.position', unit(String(index), round, round + 1)));
    }
    vi.advanceTimersByTime(LIVE_FLUSH_INTERVAL_MS - 1);
    expect(writes).toBe(1);
    vi.advanceTimersByTime(1);
    expect(writes).toBe(2);
    const units = queryClient.getQueryData(key)!.units;
    expect(units).toHaveLength(1000);
    expect(units.every((item) => item.position?.location.lat === 11)).toBe(true);
    unsubscribe();
  });

  it('adds new units and ignores older news about a unit', () => {
    const key = unitQueries.list().queryKey;
    queryClient.setQueryData(key, { units: [unit('a', 5, 100)], nextCursor: null });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('unit.position', unit('a', 4, 50)));
    cache.accept(testFrame('unit.created', unit('b', 1, 60)));
    cache.flush();
    const units = queryClient.getQueryData(key)!.units;
    expect(units.map((item) => [item.id, item.position?.location.lat])).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
  });

  it('keeps the newest copy of a unit within a batch, not the last to arrive', () => {
    const key = unitQueries.list().queryKey;
    queryClient.setQueryData(key, { units: [unit('a', 0, 1)], nextCursor: null });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('unit.position', unit('a', 7, 70)));
    cache.accept(testFrame('unit.position', unit('a', 6, 60)));
    cache.flush();
    expect(queryClient.getQueryData(key)!.units.map((item) => item.position?.location.lat)).toEqual([7]);
  });

  it('keeps the open queue open: a resolved incident leaves it', () => {
    const key = incidentQueries.open().queryKey;
    queryClient.setQueryData(key, { incidents: [incident('1', 'new', 1)], nextCursor: null });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('incident.created', incident('2', 'new', 2)));
    cache.flush();
    expect(queryClient.getQueryData(key)!.incidents.map((item) => item.id)).toEqual(['2', '1']);
    cache.accept(testFrame('incident.updated', incident('1', 'resolved', 3)));
    cache.flush();
    expect(queryClient.getQueryData(key)!.incidents.map((item) => item.id)).toEqual(['2']);
  });

  it('puts a late timeline entry in its place, and asks again for what only the server can place', () => {
    const key = incidentQueries.timeline('1').queryKey;
    const entry = (id: string, at: number, kind = 'incident.status') => ({ id, at, kind, actor: null, detail: {} });
    queryClient.setQueryData(key, { entries: [entry('a', 10), entry('c', 30)] });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('incident.timeline', { incidentId: '1', entry: entry('b', 20) }));
    cache.flush();
    expect(queryClient.getQueryData(key)!.entries.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);

    // A linked photo is shown as its own entry at its capture time, which the frame does not carry.
    cache.accept(testFrame('incident.timeline', { incidentId: '1', entry: entry('d', 40, 'evidence.linked') }));
    cache.flush();
    expect(queryClient.getQueryData(key)!.entries.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);

    queryClient.setQueryData(key, { entries: [] });
    const message = {
      id: 'm',
      clientId: 'c',
      channel: 'incident',
      targetId: '1',
      senderId: 'u',
      senderName: 'Avery Analyst',
      senderRole: 'Intelligence_Analyst',
      body: 'Note',
      sentAt: 5,
    };
    cache.accept(testFrame('message.created', message));
    cache.flush();
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('keeps the TAK contact list live, the latest copy of each contact per flush', () => {
    const key = takContactQueries.list().queryKey;
    const contact = (uid: string, lat: number, unit: { id: string; callsign: string } | null = null) => ({
      uid,
      callsign: uid,
      cotType: 'a-f-G-U-C',
      location: { lat, lon: 0 },
      battery: null,
      lastSeen: lat,
      unit,
    });
    queryClient.setQueryData(key, { contacts: [contact('a', 1)] });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('tak-contact.updated', contact('a', 2)));
    cache.accept(testFrame('tak-contact.updated', contact('b', 1)));
    cache.accept(testFrame('tak-contact.updated', contact('a', 3, { id: 'u1', callsign: 'MEDIC 4' })));
    cache.flush();
    const { contacts } = queryClient.getQueryData<{ contacts: ReturnType<typeof contact>[] }>(key)!;
    expect(contacts.map((item) => [item.uid, item.location.lat, item.unit?.callsign ?? null])).toEqual([
      ['a', 3, 'MEDIC 4'],
      ['b', 1, null],
    ]);
  });

  it('moves, adds and drops TAK points as their frames say, in order', () => {
    const key = takPointQueries.list().queryKey;
    const point = (uid: string, lat: number): TakPoint => ({
      uid,
      cotType: 'b-m-p-s-m',
      what: 'Spot map',
      callsign: uid,
      remarks: '',
      location: { lat, lon: 0 },
      colour: '#ff0000',
      iconsetPath: null,
      placedBy: { uid: 'ANDROID-1', callsign: null, unit: null, user: null },
      placedAt: 0,
      updatedAt: lat,
      staleAt: 10,
    });
    queryClient.setQueryData(key, { points: [point('a', 1), point('b', 1)] });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('tak-point.updated', point('a', 2)));
    cache.accept(testFrame('tak-point.updated', point('c', 1)));
    cache.accept(testFrame('tak-point.removed', { uid: 'b' }));
    cache.flush();
    const { points } = queryClient.getQueryData<{ points: TakPoint[] }>(key)!;
    expect(points.map((item) => [item.uid, item.location.lat])).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
  });

  it('refetches everything on a realtime reset', () => {
    queryClient.setQueryData(unitQueries.list().queryKey, { units: [], nextCursor: null });
    queryClient.setQueryData(incidentQueries.open().queryKey, { incidents: [], nextCursor: null });
    const cache = new LiveCache(queryClient);
    cache.accept(testFrame('realtime.reset', { channel: 'units', seq: 9 }));
    cache.flush();
    expect(queryClient.getQueryState(unitQueries.list().queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(incidentQueries.open().queryKey)?.isInvalidated).toBe(true);
  });

  it('never sees frames whose data does not have the contract shape: the socket client drops them', () => {
    expect(isDroppedAtSocket('unit.position', { id: 'x', callsign: 3 })).toBe(true);
  });
});
