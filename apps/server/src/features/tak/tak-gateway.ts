import fs from 'node:fs/promises';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import CoT from '@tak-ps/node-cot';
import type { CotStreamServer } from './cot-stream-server';
import { eventAttributes, point } from './cot-writing';

/**
 * Argus as a client of an existing TAK Server (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md).
 * The connection is one more stream of the CoT endpoint, handed to it as a trusted peer: what the
 * server sends is mapped as a plain-TCP device's events are and relayed to Argus's own devices, and
 * Argus's picture (units, emergencies, incidents, zones, its devices' events) goes to the server.
 * The endpoint never relays an event back to the stream it came in on, so nothing loops between
 * Argus and the server. The gateway stays on XML (the protocol lets a client decline the server's
 * TAK Protocol offer) and pings, so neither side's idle timeout ends a quiet link. A lost link is
 * tried again after a backoff that doubles up to a cap, each wait jittered so many Argus nodes
 * restarting together do not hammer the server in step.
 */

export interface TakGatewayConfig {
  host: string;
  port: number;
  certFile: string;
  keyFile: string;
  caFile: string;
  /** The first wait after a lost link; it doubles on every failure up to maxRetryMs. */
  minRetryMs: number;
  maxRetryMs: number;
  pingMs: number;
}

/** A link up this long counts as healthy: the next failure starts the backoff from the beginning. */
const HEALTHY_MS = 30_000;

export class TakGateway {
  private socket: tls.TLSSocket | null = null;
  private retry: NodeJS.Timeout | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  /** How many links were made, for the operator's log and the tests. */
  connections = 0;

  constructor(
    private readonly cot: CotStreamServer,
    private readonly config: TakGatewayConfig,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.cot.open();
    this.connect();
  }

  close(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.pinger) clearInterval(this.pinger);
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): void {
    this.retry = null;
    if (this.stopped) return;
    const { host, port } = this.config;
    const peer = `${host}:${port}`;
    // The files are read on every attempt: an operator who renews the certificate needs no restart.
    void this.credentials()
      .then(({ cert, key, ca }) => {
        if (this.stopped) return;
        const socket = tls.connect({
          host,
          port,
          cert,
          key,
          ca,
          servername: /^[\d.:]+$/.test(host) ? undefined : host,
          minVersion: 'TLSv1.2',
        });
        this.socket = socket;
        let since = 0;
        socket.once('secureConnect', () => {
          since = this.clock.now();
          this.connections += 1;
          this.log.info({ peer }, 'TAK gateway connected');
          this.cot.attach(socket, `gateway ${peer}`, null, { takServer: true, dialled: true });
          this.pinger = setInterval(() => socket.write(ping(this.clock.now())), this.config.pingMs);
          this.pinger.unref();
        });
        socket.on('error', (error) => this.log.warn({ peer, err: error.message }, 'TAK gateway connection error'));
        socket.once('close', () => {
          if (this.pinger) clearInterval(this.pinger);
          this.pinger = null;
          if (since && this.clock.now() - since >= HEALTHY_MS) this.failures = 0;
          this.again(peer);
        });
      })
      .catch((error: unknown) => {
        this.log.error(
          { peer, err: error instanceof Error ? error.message : String(error) },
          'TAK gateway cannot read its certificate files',
        );
        this.again(peer);
      });
  }

  private again(peer: string): void {
    this.socket = null;
    if (this.stopped) return;
    const ceiling = Math.min(this.config.maxRetryMs, this.config.minRetryMs * 2 ** this.failures);
    this.failures = Math.min(this.failures + 1, 30);
    // "Equal jitter": at least half the ceiling, so a failing server is never retried at once.
    const wait = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
    this.log.info({ peer, retryInMs: wait }, 'TAK gateway link lost; trying again');
    this.retry = setTimeout(() => this.connect(), wait);
    this.retry.unref();
  }

  private async credentials(): Promise<{ cert: Buffer; key: Buffer; ca: Buffer }> {
    const [cert, key, ca] = await Promise.all([
      fs.readFile(this.config.certFile),
      fs.readFile(this.config.keyFile),
      fs.readFile(this.config.caFile),
    ]);
    return { cert, key, ca };
  }
}

/** A client's ping, as ATAK sends it to its server. */
function ping(now: number): string {
  return new CoT({
    event: { _attributes: eventAttributes('argus-gateway-ping', 't-x-c-t', now, 20_000, 'h-g-i-g-o'), point: point(0, 0), detail: {} },
  }).to_xml();
}
