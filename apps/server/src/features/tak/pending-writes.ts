import type net from 'node:net';
import type { ByteRange } from './cot-framing';

/**
 * What one turn of the loop writes to a device (cot-connection.ts), in order. Consecutive places in
 * the same bytes read — the events one read carried, relayed as they came — become one view, so a
 * read of twenty PLIs leaves as one write, as a bare relay writes the chunk it read; anything else
 * (Argus's own events, protobuf frames) stays a write of its own, all of them in one `writev`.
 */
export class PendingWrites {
  private pieces: (string | Buffer)[] = [];
  /** The bytes being joined: where they lie, and how far they reach. */
  private run: ByteRange | null = null;
  private runEnd = 0;
  /** Bytes (characters for text) held. */
  length = 0;

  get empty(): boolean {
    return this.run === null && this.pieces.length === 0;
  }

  add(bytes: string | Buffer | ByteRange): void {
    if (typeof bytes === 'string' || Buffer.isBuffer(bytes)) {
      this.length += bytes.length;
      this.endRun();
      this.pieces.push(bytes);
      return;
    }
    this.length += bytes.end - bytes.start;
    if (this.run && bytes.source === this.run.source && bytes.start === this.runEnd) {
      this.runEnd = bytes.end;
      return;
    }
    this.endRun();
    this.run = bytes;
    this.runEnd = bytes.end;
  }

  writeTo(socket: net.Socket): void {
    this.endRun();
    const pieces = this.pieces;
    this.clear();
    if (pieces.length === 1) {
      socket.write(pieces[0]!);
      return;
    }
    socket.cork();
    for (const piece of pieces) socket.write(piece);
    socket.uncork();
  }

  clear(): void {
    this.pieces = [];
    this.run = null;
    this.runEnd = 0;
    this.length = 0;
  }

  private endRun(): void {
    if (!this.run) return;
    const { source, start } = this.run;
    this.pieces.push(start === 0 && this.runEnd === source.length ? source : source.subarray(start, this.runEnd));
    this.run = null;
  }
}
