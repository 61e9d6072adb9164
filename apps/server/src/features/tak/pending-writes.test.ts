import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { PendingWrites } from './pending-writes';

/** Where bytes lie in a read, as the framer gives them. */
const at = (source: Buffer, start: number, end: number) => ({ source, start, end });

/** A socket that records each write instead of sending it. */
function recorder() {
  const writes: (string | Buffer)[] = [];
  const socket = new net.Socket();
  socket.write = ((chunk: string | Buffer) => {
    writes.push(chunk);
    return true;
  }) as typeof socket.write;
  return { socket, writes };
}

describe('the writes of one turn to a device', () => {
  it('joins consecutive places in the same bytes read into one write, and keeps everything else in order', () => {
    const read = Buffer.from('<event a/><event b/><event c/>');
    const { socket, writes } = recorder();
    const pending = new PendingWrites();
    pending.add(at(read, 0, 10));
    pending.add(at(read, 10, 20));
    pending.add('<event argus/>');
    pending.add(at(read, 20, 30));
    expect(pending.length).toBe(44);
    pending.writeTo(socket);
    expect(writes.map(String)).toEqual(['<event a/><event b/>', '<event argus/>', '<event c/>']);
    expect(pending.empty).toBe(true);
  });

  it('does not join places that are not next to each other, nor other bytes', () => {
    const read = Buffer.from('<event a/><event b/><event c/>');
    const other = Buffer.from('<event c/>');
    const { socket, writes } = recorder();
    const pending = new PendingWrites();
    pending.add(at(read, 0, 10));
    pending.add(at(read, 20, 30));
    pending.add(other);
    pending.writeTo(socket);
    expect(writes.map(String)).toEqual(['<event a/>', '<event c/>', '<event c/>']);
  });
});
