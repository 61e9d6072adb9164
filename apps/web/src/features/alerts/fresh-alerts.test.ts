import { describe, expect, it } from 'vitest';
import type { Alert } from '@argus/contracts/http/alerts';
import { beepsFor } from './alert-sound';
import { FreshAlerts } from './fresh-alerts';

const alert = (id: string, status: Alert['status'] = 'new'): Alert => ({
  id,
  rule: 'zone.geofence',
  severity: 'warning',
  title: id,
  detail: '',
  location: null,
  radiusM: null,
  public: false,
  status,
  sources: [],
  createdAt: 1,
  updatedAt: 1,
  acknowledgedBy: null,
  acknowledgedAt: null,
  tier: 'alert',
  occurrences: 1,
  zoneId: null,
  verdict: null,
  latency: { eventAt: null, ingestedAt: null, alertedAt: 1, firstDeliveredAt: null, acknowledgedAt: null },
});

describe('fresh alerts', () => {
  it('ignores what was there when the page opened and announces each later new alert once', () => {
    const fresh = new FreshAlerts();
    expect(fresh.take([alert('a')])).toEqual([]);
    expect(fresh.take([alert('b'), alert('a')]).map((item) => item.id)).toEqual(['b']);
    expect(fresh.take([alert('b'), alert('a')])).toEqual([]);
    expect(fresh.take([alert('c', 'acknowledged'), alert('b'), alert('a')])).toEqual([]);
    expect(fresh.take([alert('d'), alert('c'), alert('b'), alert('a')]).map((item) => item.id)).toEqual(['d']);
    expect(fresh.current([alert('d'), alert('b', 'acknowledged'), alert('a')], new Set()).map((item) => item.id)).toEqual(['d']);
    expect(fresh.current([alert('d'), alert('b')], new Set(['d'])).map((item) => item.id)).toEqual(['b']);
  });

  it('beeps more for worse alerts', () => {
    expect([beepsFor('info'), beepsFor('warning'), beepsFor('critical')]).toEqual([1, 2, 3]);
  });
});
