import { describe, expect, it } from 'vitest';
import { fieldCueFor } from './field-cues';
import type { TypedEvent } from './realtime/events';

const message = (over: Record<string, unknown>) =>
  ({
    type: 'message.created',
    data: {
      id: 'm1',
      clientId: 'c1',
      channel: 'unit',
      targetId: 'u1',
      senderId: 'command-1',
      senderName: 'Casey Command',
      senderRole: 'Command_Admin',
      body: 'Use the north gate',
      sentAt: 1,
      ...over,
    },
  }) as TypedEvent;

const unit = (seen: { by: string; at: number } | null) =>
  ({
    type: 'unit.updated',
    data: { id: 'u1', emergency: seen ? { raisedAt: 1, seen } : null },
  }) as unknown as TypedEvent;

describe('what calls a crew’s attention (docs/decisions/0043-the-field-phone-offline-and-attention.md)', () => {
  const anyone = { viewerId: null, sosSeenBefore: false };

  it('rings for a new assignment, command’s message and a broadcast', () => {
    expect(
      fieldCueFor(
        { type: 'dispatch.created', data: { id: 'd1', incidentId: 'i1', unitId: 'u1', status: 'assigned', milestones: {} } },
        anyone,
      ),
    ).toMatchObject({
      kind: 'assignment',
      tag: 'assignment:d1',
    });
    expect(fieldCueFor(message({}), anyone)).toMatchObject({
      kind: 'message',
      title: 'Message from Casey Command',
      body: 'Use the north gate',
    });
    expect(fieldCueFor(message({ channel: 'broadcast', targetId: null }), anyone)).toMatchObject({ kind: 'broadcast' });
  });

  it('stays quiet for one’s own words, another crew’s, and an incident’s notes', () => {
    expect(fieldCueFor(message({}), { viewerId: 'command-1', sosSeenBefore: false })).toBeNull();
    expect(fieldCueFor(message({ senderRole: 'Field_Unit', senderId: 'crew-2' }), anyone)).toBeNull();
    expect(fieldCueFor(message({ channel: 'incident' }), anyone)).toBeNull();
  });

  it('rings once when command sees the SOS, not again for the same acknowledgement', () => {
    expect(fieldCueFor(unit({ by: 'Casey Command', at: 5 }), anyone)).toMatchObject({
      kind: 'sos-seen',
      body: 'Casey Command saw your SOS.',
    });
    expect(fieldCueFor(unit({ by: 'Casey Command', at: 5 }), { viewerId: null, sosSeenBefore: true })).toBeNull();
    expect(fieldCueFor(unit(null), anyone)).toBeNull();
  });

  it('shortens a long message for the notification', () => {
    const cue = fieldCueFor(message({ body: 'x'.repeat(500) }), anyone);
    expect(cue?.body.length).toBe(140);
  });
});
