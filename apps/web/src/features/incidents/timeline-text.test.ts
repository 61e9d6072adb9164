import { describe, expect, it } from 'vitest';
import { arrivalNote, describeTimelineEntry } from './timeline-text';
import { incidentActionLabel } from './incident-labels';

const entry = (kind: string, detail: Record<string, unknown>) => ({ id: '1', at: 0, kind, actor: 'u1', detail });

describe('timeline entries in words', () => {
  it('names who edited and each field from old to new', () => {
    const text = describeTimelineEntry(
      entry('incident.edited', {
        by: 'Dana Dispatcher',
        severity: { from: 'high', to: 'critical' },
        location: { from: { lat: 51.5, lon: -0.12 }, to: { lat: 51.51, lon: -0.13 } },
      }),
    );
    expect(text).toMatch(/^Dana Dispatcher: Edited severity High → Critical; location .+ → .+$/);
    expect(text).not.toContain('by');
  });

  it('gives a recall its reason and a closing its outcome', () => {
    expect(describeTimelineEntry(entry('dispatch.cancelled', { callsign: 'ENGINE-7', reason: 'Fire out', by: 'Dana' }))).toBe(
      'ENGINE-7 cancelled: Fire out (Dana)',
    );
    expect(describeTimelineEntry(entry('incident.disposition', { code: 'false_alarm', summary: 'Steam', by: 'Dana' }))).toBe(
      'Dana: Outcome: False alarm — Steam',
    );
  });
});

describe('status buttons', () => {
  it('say reopen or stand down rather than "Mark triaged" when going back', () => {
    expect(incidentActionLabel('resolved', 'triaged')).toBe('Reopen');
    expect(incidentActionLabel('on_scene', 'triaged')).toBe('Stand down to triage');
    expect(incidentActionLabel('dispatched', 'triaged')).toBe('Stand down to triage');
    expect(incidentActionLabel('new', 'triaged')).toBe('Mark triaged');
  });
});

describe('arrival note', () => {
  it('says how late a field action reached the server, and nothing for one that came at once', () => {
    expect(arrivalNote({ at: 0, receivedAt: 64_000 })).toBe('received 1 min 4 s later');
    expect(arrivalNote({ at: 0, receivedAt: 20_400 })).toBe('received 20 s later');
    expect(arrivalNote({ at: 0, receivedAt: 2 * 3_600_000 + 5 * 60_000 })).toBe('received 2 h 5 min later');
    expect(arrivalNote({ at: 0, receivedAt: 900 })).toBeNull();
    expect(arrivalNote({ at: 0, receivedAt: null })).toBeNull();
    expect(arrivalNote({ at: 0 })).toBeNull();
  });
});
