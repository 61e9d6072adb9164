import { describe, expect, it } from 'vitest';
import type { Alert } from '@argus/contracts/http/alerts';
import { beepsFor } from './alert-sound';
import { addFresh, updateFresh, visibleFresh } from './fresh-alerts';

const alert = (id: string, status: Alert['status'] = 'new', updatedAt = 1): Alert => ({
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
  updatedAt,
  acknowledgedBy: null,
  acknowledgedAt: null,
  tier: 'alert',
  occurrences: 1,
  zoneId: null,
  verdict: null,
  latency: { eventAt: null, ingestedAt: null, alertedAt: 1, firstDeliveredAt: null, acknowledgedAt: null },
});

describe('fresh alerts', () => {
  it('puts each new alert in front once, and follows its updates', () => {
    let fresh = addFresh([], alert('a'));
    fresh = addFresh(fresh, alert('b'));
    fresh = addFresh(fresh, alert('b'));
    fresh = addFresh(fresh, alert('c', 'acknowledged'));
    expect(fresh.map((item) => item.id)).toEqual(['b', 'a']);
    fresh = updateFresh(fresh, alert('a', 'acknowledged', 2));
    fresh = updateFresh(fresh, alert('b', 'acknowledged', 0));
    expect(visibleFresh(fresh, undefined, new Set()).map((item) => item.id)).toEqual(['b']);
  });

  it('drops what the list knows to be acknowledged, and what the person hid', () => {
    const fresh = [alert('b'), alert('a')];
    expect(visibleFresh(fresh, [alert('b', 'acknowledged', 5), alert('a')], new Set()).map((item) => item.id)).toEqual(['a']);
    expect(visibleFresh(fresh, [alert('b', 'acknowledged', 1)], new Set(['a'])).map((item) => item.id)).toEqual(['b']);
  });

  it('beeps more for worse alerts', () => {
    expect([beepsFor('info'), beepsFor('warning'), beepsFor('critical')]).toEqual([1, 2, 3]);
  });
});
