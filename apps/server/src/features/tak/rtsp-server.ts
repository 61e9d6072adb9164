import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { RateWindowStore } from '../../lib/rate-windows';
import { RtspAddressLimits } from './rtsp-address-limits';
import { RtspConnection, type RtspSources } from './rtsp-connection';

export interface RtspConfig {
  port: number;
  /** The host name devices reach the port by (PUBLIC_URL's, unless TAK_RTSP_HOST says otherwise). */
  host: string;
  /** The port devices reach the output by, when a port forward makes it another than `port`; null: the one listened on. */
  publicPort: number | null;
  /** A connection must be playing, and any request be complete, this long after it began. */
  handshakeTimeoutMs: number;
  /** A playing connection that sends nothing (no RTCP, no keep-alive) for this long is closed. */
  idleTimeoutMs: number;
}

/** More players than this at once is not a TAK network's video, it is an attack: the rest are refused. */
const MAX_CONNECTIONS = 256;

/**
 * The RTSP output for TAK devices (docs/decisions/0077-tak-rtsp-output.md): stock ATAK plays RTSP,
 * not WHEP, so a playback link is also offered as `rtsp://host:port/<room>/<token>`. Hand-written:
 * the npm RTSP servers (rtsp-server, rtsp-streaming-server) relay an RTSP publisher's UDP streams,
 * have no request limits and are long unmaintained, while what a player needs here — OPTIONS,
 * DESCRIBE, SETUP over TCP interleaved, PLAY, TEARDOWN, GET_PARAMETER — is small.
 */
export class RtspServer {
  private readonly server: net.Server;
  private readonly connections = new Set<RtspConnection>();
  private readonly limits: RtspAddressLimits;

  constructor(
    private readonly sources: RtspSources,
    private readonly config: RtspConfig,
    private readonly log: FastifyBaseLogger,
    rateWindows: RateWindowStore,
  ) {
    this.limits = new RtspAddressLimits(rateWindows, log);
    this.server = net.createServer((socket) => this.accept(socket));
    this.server.on('error', (error) => this.log.error({ err: error }, 'RTSP server error'));
  }

  /** The port listened on (the chosen one when configured as 0), or null before listening. */
  get port(): number | null {
    const address = this.server.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  listen(host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.config.port, host, () => {
        this.server.off('error', reject);
        this.log.info({ port: this.port }, 'RTSP output for TAK devices listening');
        resolve();
      });
    });
  }

  /** Stops listening and resolves once every connection's session has ended (its viewer peer closed and ended). */
  async close(): Promise<void> {
    // server.listening is false as soon as close() is called, so the callback is awaited whatever it says.
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all([...this.connections].map((connection) => connection.close('the server is stopping')));
    await closed;
  }

  private accept(socket: net.Socket): void {
    const address = socket.remoteAddress ?? '';
    if (this.connections.size >= MAX_CONNECTIONS || !this.limits.admit(address)) {
      socket.destroy();
      return;
    }
    const connection = new RtspConnection(socket, this.sources, this.config, this.log.child({ remote: address }), (status, reason) =>
      this.limits.refused(address, status, reason),
    );
    this.connections.add(connection);
    socket.once('close', () => {
      this.connections.delete(connection);
      this.limits.release(address);
    });
  }
}
