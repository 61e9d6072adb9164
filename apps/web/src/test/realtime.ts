import type { LiveFrame, RealtimeFrame, ResetData } from '@argus/contracts/realtime/protocol';
import { checkEvent } from '../lib/realtime-frames';

let sent = 0;

function envelope(type: string, data: unknown): RealtimeFrame {
  sent += 1;
  return { type, data, priority: 'normal', timestamp: 0, origin: 'test', source: 'test', version: '2.0.0', messageId: `${type}-${sent}` };
}

/**
 * A realtime frame as the socket client hands it to listeners, for the cache tests: its data is
 * checked against the event map as the client checks it. Each one has its own messageId.
 */
export function testFrame(type: string, data: unknown): LiveFrame {
  if (type === 'realtime.reset') return { ...envelope(type, data), type, data: data as ResetData };
  const frame = checkEvent(envelope(type, data));
  if (!frame) throw new Error(`The socket client would drop this ${type} frame: its data is not the contract's.`);
  return frame;
}

/** Whether the socket client drops a frame of this type and data before any listener sees it. */
export function isDroppedAtSocket(type: string, data: unknown): boolean {
  return checkEvent(envelope(type, data)) === null;
}
