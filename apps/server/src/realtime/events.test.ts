import { describe, expect, it } from 'vitest';
import { EventBus, type OperationalEvent } from './events';

const event = (id?: string): OperationalEvent => ({
  type: 'offline-area.withdrawn',
  channels: ['units'],
  data: { id: 'area', unitId: 'unit' },
  ...(id ? { id } : {}),
});

describe('the event bus', () => {
  it('lets listeners hear an outbox event once, and the hub every hand-over of it', () => {
    const bus = new EventBus();
    const heard: string[] = [];
    const hub: string[] = [];
    bus.listen((received) => heard.push(received.id ?? 'none'));
    bus.listen((received) => hub.push(received.id ?? 'none'), { handOvers: true });
    bus.publish(event('a'));
    bus.publish(event('a'));
    bus.publish(event('b'));
    bus.publish(event());
    bus.publish(event());
    expect(heard).toEqual(['a', 'b', 'none', 'none']);
    expect(hub).toEqual(['a', 'a', 'b', 'none', 'none']);
  });
});
