import { describe, expect, it } from 'vitest';
import { EVENT_PAYLOADS, EVENT_TYPES, isEventType } from './events';

describe('the realtime event map', () => {
  it('names every event entity.verb, once (an entity of two words in kebab case)', () => {
    expect(EVENT_TYPES.length).toBe(Object.keys(EVENT_PAYLOADS).length);
    for (const type of EVENT_TYPES) expect(type).toMatch(/^[a-z]+(-[a-z]+)?\.[a-z]+$/);
  });

  it('knows its own event types and nothing else', () => {
    expect(isEventType('unit.position')).toBe(true);
    expect(isEventType('realtime.reset')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });

  it('checks a payload against its type, dropping what the contract does not name', () => {
    const custody = { itemId: 'e1', seq: 2, action: 'viewed', at: 10, extra: true };
    expect(EVENT_PAYLOADS['evidence.custody'].safeParse(custody).data).toEqual({ itemId: 'e1', seq: 2, action: 'viewed', at: 10 });
    expect(EVENT_PAYLOADS['evidence.custody'].safeParse({ ...custody, action: 'shredded' }).success).toBe(false);
  });
});
