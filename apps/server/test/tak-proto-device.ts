import net from 'node:net';
import { TakProtoFramer, takPayloadToXml, xmlToTakFrame } from '../src/features/tak/cot-protobuf';
import { iso } from './tak-cot';

/**
 * A simulated ATAK that negotiates TAK Protocol v1 as ATAK does: it reads the XML stream until the
 * server's offer, asks for version 1, waits for the answer and from then on speaks `0xbf` frames.
 * Everything it is sent is kept as XML events, whichever encoding carried them.
 */
export class ProtoDevice {
  events: string[] = [];
  closed = false;
  encoding: 'xml' | 'protobuf' = 'xml';
  private xmlText = '';
  private readonly proto = new TakProtoFramer();
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static over(socket: net.Socket): ProtoDevice {
    return new ProtoDevice(socket);
  }

  static connect(port: number): Promise<ProtoDevice> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new ProtoDevice(socket)));
      socket.once('error', reject);
    });
  }

  /** Waits for the offer, asks for version `version`, and waits for the server's answer. */
  async negotiate(version = 1): Promise<boolean> {
    await this.until(() => this.events.some((event) => event.includes('t-x-takp-v')));
    const offer = this.events.find((event) => event.includes('t-x-takp-v'))!;
    const uid = /uid="([^"]+)"/.exec(offer)![1]!;
    this.socket.write(takpRequest(uid, version));
    await this.until(() => this.events.some((event) => event.includes('t-x-takp-r')));
    return this.events.find((event) => event.includes('t-x-takp-r'))!.includes('status="true"');
  }

  /** Sends an event in the connection's encoding. */
  send(xml: string): void {
    this.socket.write(this.encoding === 'protobuf' ? xmlToTakFrame(xml) : xml);
  }

  write(bytes: Buffer | string): void {
    this.socket.write(bytes);
  }

  until(check: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const test = () => {
        if (check() || this.closed) {
          this.waiters.delete(test);
          resolve();
        }
      };
      this.waiters.add(test);
      test();
    });
  }

  end(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    if (this.encoding === 'protobuf') {
      for (const payload of this.proto.push(chunk)) this.events.push(takPayloadToXml(payload) ?? '');
    } else {
      this.xmlText += chunk.toString('latin1');
      let end: number;
      while ((end = this.xmlText.indexOf('</event>')) !== -1) {
        const event = Buffer.from(this.xmlText.slice(0, end + 8), 'latin1').toString('utf8');
        this.xmlText = this.xmlText.slice(end + 8);
        this.events.push(event);
        // The server's bytes after a "true" answer are frames.
        if (event.includes('t-x-takp-r') && event.includes('status="true"')) {
          this.encoding = 'protobuf';
          const rest = Buffer.from(this.xmlText, 'latin1');
          this.xmlText = '';
          if (rest.length) this.receive(rest);
          break;
        }
      }
    }
    this.wake();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** ATAK's request for a TAK Protocol version, reusing the offer's uid. */
export function takpRequest(uid: string, version: number, at = Date.now()): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<event version="2.0" uid="${uid}" type="t-x-takp-q" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 60_000)}" how="m-g">` +
    `<point lat="0.0" lon="0.0" hae="0.0" ce="999999" le="999999"/><detail><TakControl><TakRequest version="${version}"/></TakControl></detail></event>`
  );
}
