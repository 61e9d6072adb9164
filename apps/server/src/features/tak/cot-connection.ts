import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { CotFrameTooLarge, type ByteRange } from './cot-framing';
import type { CotLimits } from './cot-limits';
import { TakProtocolGarbage } from './cot-protobuf';
import { CotRefused } from './cot-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import { PendingWrites } from './pending-writes';
import { OutgoingCot, TakStream } from './tak-protocol-negotiation';

/** Events read but not yet acted on, per connection, before the connection stops being read. */
const MAX_BACKLOG = 200;

/**
 * One device's stream as bytes, what the CoT endpoint (cot-stream-server.ts) reads and writes
 * through: events framed in XML or, once negotiated, TAK Protocol v1
 * (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md), acted on one after another in the
 * order sent, the device no longer read while too many wait; an event begun and not finished in
 * time, or bytes that are no event, end the connection. What it means is the endpoint's.
 */
export class CotConnection {
  readonly stream: TakStream;
  /** Events are acted on in the order the device sent them, one after another. */
  private work: Promise<void> = Promise.resolve();
  private backlog = 0;
  private eventTimer: NodeJS.Timeout | null = null;
  /** Writes held until the current turn of the event loop ends (see send). */
  private readonly writes = new PendingWrites();
  private readonly flush = () => {
    if (!this.socket.destroyed) this.writes.writeTo(this.socket);
    else this.writes.clear();
  };

  constructor(
    readonly id: number,
    readonly peer: string,
    readonly socket: net.Socket,
    /** Who the client certificate says this is (TLS); null on plain TCP, where the uid is trusted. */
    readonly device: DeviceIdentity | null,
    /**
     * Whom its events act as: the certificate's device, or nobody for a link that carries many
     * devices (another server's, decision 0074), whose events are read as a plain-TCP device's.
     */
    readonly acting: DeviceIdentity | null,
    private readonly log: FastifyBaseLogger,
    private readonly limits: CotLimits,
    now: () => number,
  ) {
    this.stream = new TakStream(now, limits.maxEventBytes);
    socket.on('close', () => {
      if (this.eventTimer) clearTimeout(this.eventTimer);
    });
  }

  /**
   * Reads `chunk`; every event it completes goes to `handle` once those before it are handled. An
   * event with nothing waiting before it is handled at once, and only one whose handling waits (a
   * write, a lookup) holds back those after it: in the tak-cot bench's profile a promise turn per
   * event was, after the reading, the stream's largest cost.
   */
  receive(chunk: Buffer, handle: (event: OutgoingCot) => void | Promise<void>): void {
    let events: OutgoingCot[];
    try {
      events = this.stream.push(chunk, (answer) => this.send(answer));
    } catch (error) {
      if (error instanceof CotFrameTooLarge || error instanceof TakProtocolGarbage || error instanceof CotRefused)
        return this.drop(error.message);
      throw error;
    }
    this.watchUnfinishedEvent(events.length);
    for (const event of events) {
      if (this.backlog === 0) {
        const waiting = this.run(handle, event);
        if (!waiting) continue;
        this.backlog = 1;
        this.work = waiting.then(() => this.handled());
        continue;
      }
      this.backlog += 1;
      if (this.backlog > MAX_BACKLOG) this.socket.pause();
      this.work = this.work.then(async () => {
        await this.run(handle, event);
        this.handled();
      });
    }
  }

  /** Writes to the device; a device that stops reading is dropped before its queue grows without end. */
  send(xml: string | OutgoingCot): void {
    const { socket } = this;
    if (socket.destroyed) return;
    if (socket.writableLength + this.writes.length > this.limits.maxQueuedBytes) return this.drop('it does not read what is sent');
    let bytes: string | Buffer | ByteRange;
    try {
      bytes = this.stream.encode(typeof xml === 'string' ? new OutgoingCot(xml) : xml);
    } catch (error) {
      // An event node-cot cannot put in a protobuf is not sent to that device; the stream goes on.
      this.log.warn({ err: error }, 'a CoT event could not be encoded for a TAK device');
      return;
    }
    // The events relayed in one turn of the loop (all those one read carried) leave in one write: on
    // TLS each write is a record and a syscall of its own, which cost the bench as much as the reading.
    if (this.writes.empty) process.nextTick(this.flush);
    this.writes.add(bytes);
  }

  drop(reason: string): void {
    if (this.socket.destroyed) return;
    this.log.warn({ reason }, 'TAK connection dropped');
    this.socket.destroy();
  }

  /** Handles one event; what it still waits for, if anything. Whatever goes wrong with one event ends that connection, never the process. */
  private run(handle: (event: OutgoingCot) => void | Promise<void>, event: OutgoingCot): Promise<void> | undefined {
    if (this.socket.destroyed) return undefined;
    try {
      return handle(event)?.catch(this.failed);
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  // Made once: the server runs under tsx, whose transform wraps a named function in `__name` each
  // time one is made, which the tak-cot bench's profile showed per event.
  private readonly failed = (error: unknown): void => {
    this.log.error({ err: error }, 'CoT event failed');
    this.drop('an event could not be handled');
  };

  private handled(): void {
    this.backlog -= 1;
    if (this.backlog <= MAX_BACKLOG / 2 && this.socket.isPaused()) this.socket.resume();
  }

  /**
   * An event begun and not finished in time drops the connection. The watch starts again whenever
   * an event completes, so a busy device whose reads end mid-event is not taken for a slow one.
   */
  private watchUnfinishedEvent(completed: number): void {
    if (completed > 0 || !this.stream.hasUnfinishedEvent()) {
      if (this.eventTimer) clearTimeout(this.eventTimer);
      this.eventTimer = null;
    }
    if (!this.stream.hasUnfinishedEvent()) return;
    this.eventTimer ??= setTimeout(
      () => this.drop(`an event unfinished after ${this.limits.eventTimeoutMs} ms`),
      this.limits.eventTimeoutMs,
    );
  }
}
