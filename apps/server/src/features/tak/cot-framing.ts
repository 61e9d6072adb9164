/**
 * Splits a CoT XML stream into events (docs/decisions/0061-tak-cot-endpoint-first-slice.md). TAK
 * streams carry no length prefix: an event ends at `</event>`. Bytes are kept as they come and cut
 * only there, so a multi-byte character split across TCP packets is never broken. An event larger
 * than the cap ends the stream: a peer that never closes one would otherwise grow memory without end.
 */

const END = Buffer.from('</event>');

/** The largest event accepted; an ATAK PLI is under 1 KB and a 65-vertex drawing about 3 KB. */
export const COT_MAX_EVENT_BYTES = 64 * 1024;

export class CotFrameTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`A CoT event over ${COT_MAX_EVENT_BYTES} bytes (${bytes} bytes without "</event>").`);
  }
}

/** Where bytes lie in a buffer read: `source` from `start` up to `end`, neither copied nor viewed. */
export interface ByteRange {
  readonly source: Buffer;
  readonly start: number;
  readonly end: number;
}

/**
 * One event as framed: its text, and where the bytes it came as lie (valid UTF-8 exactly when `xml`
 * holds no U+FFFD). A place rather than a `Buffer` view: a view per event cost the tak-cot bench
 * ~0.08 µs and an object the collector then sweeps, and only a turn's joined writes need one.
 */
export interface CotFrame extends ByteRange {
  readonly xml: string;
}

export class CotFramer {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes = COT_MAX_EVENT_BYTES) {}

  /**
   * The whole events `chunk` completes, as text; throws CotFrameTooLarge when the unfinished rest is
   * over the cap. Framing stops after an event `stopAfter` accepts, its rest kept for takeRest.
   */
  push(chunk: Buffer, stopAfter?: (event: string) => boolean): CotFrame[] {
    // Bytes already searched are not searched again (a byte-at-a-time sender would cost the square
    // of the cap otherwise), except the last few, which a marker split across chunks may start in.
    let from = Math.max(0, this.pending.length - END.length + 1);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const events: CotFrame[] = [];
    let start = 0;
    for (;;) {
      const end = this.pending.indexOf(END, from);
      if (end === -1) break;
      const stop = end + END.length;
      if (stop - start > this.maxBytes) throw new CotFrameTooLarge(stop - start);
      const event = this.pending.toString('utf8', start, stop);
      events.push({ xml: event, source: this.pending, start, end: stop });
      start = stop;
      from = stop;
      // What follows an event that switches the stream to another framing is that framing's (takeRest).
      if (stopAfter?.(event)) break;
    }
    this.pending = this.pending.subarray(start);
    if (this.pending.length > this.maxBytes) throw new CotFrameTooLarge(this.pending.length);
    return events;
  }

  /** The bytes not yet framed, handed over to another framing; this framer is left empty. */
  takeRest(): Buffer {
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    return rest;
  }

  /** Whether part of an event is waiting for the rest (whitespace between events does not count). */
  hasUnfinishedEvent(): boolean {
    return this.pending.some((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
  }
}
