import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { CotFrameTooLarge } from './cot-framing';
import type { CotLimits } from './cot-limits';
import { TakProtocolGarbage } from './cot-protobuf';
import { CotRefused } from './cot-reading';
import type { DeviceIdentity } from './tak-certificates.service';
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
  private corked = false;

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

  /** Reads `chunk`; every event it completes goes to `handle` once those before it are handled. */
  receive(chunk: Buffer, handle: (xml: string) => Promise<void>): void {
    let frames: string[];
    try {
      frames = this.stream.push(chunk, (answer) => this.send(answer));
    } catch (error) {
      if (error instanceof CotFrameTooLarge || error instanceof TakProtocolGarbage || error instanceof CotRefused)
        return this.drop(error.message);
      throw error;
    }
    this.watchUnfinishedEvent(frames.length);
    for (const xml of frames) {
      this.backlog += 1;
      if (this.backlog > MAX_BACKLOG) this.socket.pause();
      this.work = this.work.then(async () => {
        // Whatever goes wrong with one event ends that connection, never the process.
        if (!this.socket.destroyed)
          await handle(xml).catch((error: unknown) => {
            this.log.error({ err: error }, 'CoT event failed');
            this.drop('an event could not be handled');
          });
        this.backlog -= 1;
        if (this.backlog <= MAX_BACKLOG / 2 && this.socket.isPaused()) this.socket.resume();
      });
    }
  }

  /** Writes to the device; a device that stops reading is dropped before its queue grows without end. */
  send(xml: string | OutgoingCot): void {
    const { socket } = this;
    if (socket.destroyed) return;
    if (socket.writableLength > this.limits.maxQueuedBytes) return this.drop('it does not read what is sent');
    let bytes: string | Buffer;
    try {
      bytes = this.stream.encode(typeof xml === 'string' ? new OutgoingCot(xml) : xml);
    } catch (error) {
      // An event node-cot cannot put in a protobuf is not sent to that device; the stream goes on.
      this.log.warn({ err: error }, 'a CoT event could not be encoded for a TAK device');
      return;
    }
    // The events relayed in one turn of the loop (all those one read carried) leave in one write: on
    // TLS each write is a record and a syscall of its own, which cost the bench as much as the reading.
    if (!this.corked) {
      this.corked = true;
      socket.cork();
      process.nextTick(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    socket.write(bytes);
  }

  drop(reason: string): void {
    if (this.socket.destroyed) return;
    this.log.warn({ reason }, 'TAK connection dropped');
    this.socket.destroy();
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
