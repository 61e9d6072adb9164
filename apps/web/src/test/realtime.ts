import type { RealtimeFrame } from '@argus/contracts/realtime/protocol';

let sent = 0;

/** A realtime frame as the server sends it, for the cache tests; each one has its own messageId. */
export function testFrame(type: string, data: unknown): RealtimeFrame {
  sent += 1;
  return { type, data, priority: 'normal', timestamp: 0, origin: 'test', source: 'test', version: '2.0.0', messageId: `${type}-${sent}` };
}
