import { describe, expect, it } from 'vitest';
import { arrivalNote, describeTimelineEntry } from './timeline-text';
import { incidentActionLabel } from './incident-labels';
import { timelineGroupOf } from './timeline-kinds';

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

describe('linked things on the timeline, named rather than by id', () => {
  it('says who opened the incident from the actor’s name when the entry did not record it', () => {
    expect(describeTimelineEntry({ ...entry('incident.created', { severity: 'high' }), actorName: 'Casey Command' })).toBe(
      'Casey Command: Incident opened (high severity)',
    );
    expect(describeTimelineEntry(entry('incident.created', {}))).toBe('Incident opened');
  });

  it('quotes messages and analyst notes with their writer’s name', () => {
    expect(describeTimelineEntry(entry('message.sent', { body: 'Approach from the north', by: 'Casey Command' }))).toBe(
      'Casey Command on the incident channel: “Approach from the north”',
    );
    expect(describeTimelineEntry(entry('message.sent', { body: 'On scene', by: 'Frankie Field', unit: 'ENGINE-7' }))).toBe(
      'Frankie Field on ENGINE-7’s thread: “On scene”',
    );
    expect(describeTimelineEntry(entry('note.added', { body: 'Smoke is toxic', by: 'Avery Analyst' }))).toBe(
      'Analyst note by Avery Analyst: “Smoke is toxic”',
    );
  });

  it('gives reports their tracking code, alerts their severity and title, evidence its file and who captured and linked it', () => {
    expect(describeTimelineEntry(entry('report.filed', { trackingCode: 'RPT-ABCDEFGH', category: 'fire', excerpt: 'Smoke' }))).toBe(
      'Report RPT-ABCDEFGH filed (fire): “Smoke”',
    );
    expect(describeTimelineEntry(entry('alert.raised', { severity: 'critical', title: 'SOS: ENGINE-7' }))).toBe(
      'Critical alert: SOS: ENGINE-7',
    );
    expect(
      describeTimelineEntry(
        entry('evidence.added', { evidenceKind: 'photo', filename: 'door.png', by: 'Frankie Field', linkedBy: 'Avery Analyst' }),
      ),
    ).toBe('Photo door.png captured by Frankie Field, linked by Avery Analyst');
  });

  it('never shows an id, even for an entry it does not know', () => {
    const texts = [
      describeTimelineEntry(entry('dispatch.on_scene', {})),
      describeTimelineEntry(entry('message.sent', { body: 'Hi' })),
      describeTimelineEntry(entry('evidence.added', { filename: 'a.pdf' })),
    ];
    for (const text of texts) expect(text).not.toMatch(/u1|[0-9a-f]{8}/);
  });

  it('puts every kind of entry in one filter group', () => {
    expect(
      [
        'incident.edited',
        'dispatch.cancelled',
        'report.verified',
        'report.filed',
        'message.sent',
        'note.added',
        'alert.raised',
        'evidence.added',
      ].map(timelineGroupOf),
    ).toEqual(['changes', 'units', 'reports', 'reports', 'messages', 'notes', 'alerts', 'evidence']);
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
