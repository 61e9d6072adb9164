import { describe, expect, it } from 'vitest';
import { toDraft, toParams } from './rule-fields';

describe('rule form drafts', () => {
  it('round-trips every field kind through the form', () => {
    const params = { labels: ['person', 'car'], minScore: 0.35, minFrames: 3, loiterSeconds: 0, zoneKinds: ['restricted'], minRisk: 'low' };
    const draft = toDraft('detection.zone', params);
    expect(draft).toMatchObject({ labels: 'person, car', minScore: '0.35', zoneKinds: ['restricted'] });
    expect(toParams('detection.zone', draft)).toEqual({ ok: true, params });
    const lexicon = toDraft('report.keywords', { lexicon: [{ term: 'weapon', severity: 'critical' }] });
    expect(lexicon.lexicon).toBe('weapon: critical');
    expect(toParams('report.keywords', { lexicon: 'weapon: critical\n\nFire\n' })).toEqual({
      ok: true,
      params: {
        lexicon: [
          { term: 'weapon', severity: 'critical' },
          { term: 'fire', severity: 'warning' },
        ],
      },
    });
  });

  it('says what is wrong in words, with the schema the server uses', () => {
    expect(toParams('report.burst', { category: '', count: '1', radiusM: '500', windowMinutes: '30' })).toEqual({
      ok: false,
      message: 'A burst is at least 2 reports.',
    });
    expect(toParams('report.burst', { category: ' ', count: '3', radiusM: '500', windowMinutes: '30' })).toEqual({
      ok: true,
      params: { category: null, count: 3, radiusM: 500, windowMinutes: 30 },
    });
    expect(toParams('zone.geofence', { minRisk: 'high', entities: [], dwellSeconds: '0', resolveOnExit: false })).toEqual({
      ok: false,
      message: 'Watch at least one kind of entity.',
    });
  });
});
