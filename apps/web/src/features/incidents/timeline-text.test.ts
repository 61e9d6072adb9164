import { describe, expect, it } from 'vitest';
import { describeTimelineEntry } from './timeline-text';
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
