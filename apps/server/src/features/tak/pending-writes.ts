import type net from 'node:net';

/**
 * What one turn of the loop writes to a device (cot-connection.ts), in order. Consecutive views of
 * the same bytes read — the events one read carried, relayed as they came — become one view again,
 * so a read of twenty PLIs leaves as one write, as a bare relay writes the chunk it read; anything
 * else (Argus's own events, protobuf frames) stays a write of its own, all of them in one `writev`.
 */
export class PendingWrites {
  private pieces: (string | Buffer)[] = [];
  /** The view being extended: its first bytes and how far it reaches. */
  private run: Buffer | null = null;
  private runLength = 0;
  /** Bytes (characters for text) held. */
  length = 0;

  get empty(): boolean {
    return this.run === null && this.pieces.length === 0;
  }

  add(bytes: string | Buffer): void {
    this.length += bytes.length;
    if (
      typeof bytes !== 'string' &&
      this.run &&
      bytes.buffer === this.run.buffer &&
      this.run.byteOffset + this.runLength === bytes.byteOffset
    ) {
      this.runLength += bytes.length;
      return;
    }
    this.endRun();
    if (typeof bytes === 'string') this.pieces.push(bytes);
    else {
      this.run = bytes;
      this.runLength = bytes.length;
    }
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
    this.runLength = 0;
    this.length = 0;
  }

  private endRun(): void {
    if (!this.run) return;
    this.pieces.push(this.runLength === this.run.length ? this.run : Buffer.from(this.run.buffer, this.run.byteOffset, this.runLength));
    this.run = null;
  }
}
