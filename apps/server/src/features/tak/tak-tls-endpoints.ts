import https from 'node:https';
import type net from 'node:net';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_COT_LIMITS } from './cot-limits';
import type { CotStreamServer } from './cot-stream-server';
import { TakCertificateAuthority, type TakCaFiles } from './tak-ca';
import type { TakCertificatesService } from './tak-certificates.service';
import { enrolmentHandler } from './tak-enrolment.http';
import { martiHandler, type MartiDeps } from './tak-marti.http';
import type { TakEndpoints } from './tak-onboarding.service';
import { certificateSerial, identifyPeer } from './tak-peer-identity';

/** Enrolment is rare and outside the API's rate limiter: a few connections at a time are plenty. */
const MAX_ENROLMENT_CONNECTIONS = 50;
/**
 * A Marti upload may be a large data package over a slow field link: no limit on the whole request,
 * but its headers come within a minute and a connection that sends nothing for a minute is ended.
 */
const MARTI_HEADERS_TIMEOUT_MS = 60_000;
const MARTI_IDLE_TIMEOUT_MS = 60_000;

export interface TakTlsConfig {
  /** Streaming CoT over TLS with client certificates; null: off. 0: any free port. */
  tlsPort: number | null;
  /** ATAK's certificate enrolment over HTTPS; null: off. */
  enrolPort: number | null;
  /** The Marti HTTP API over HTTPS with client certificates; null: off. */
  martiPort: number | null;
  /** The operator's CA; null: Argus's own under the data folder. */
  caFiles: TakCaFiles | null;
  /** Host names and addresses the server certificate names. */
  serverNames: string[];
  /** A TLS handshake not finished in this long is dropped (a slow-loris guard). */
  handshakeTimeoutMs: number;
  /** How often open TLS connections are checked against the certificates table. */
  recheckMs: number;
  /**
   * The serials (`certificateSerial`) of certificates that are other TAK servers' links, which carry
   * many devices (decision 0074): a serial is Argus's CA's choice, where a device uid is the enrolling user's.
   */
  peerSerials: string[];
}

/** What is open on a certificate's word — CoT connections, playback links' video sessions — and cut off with it. */
export interface CertificateHolder {
  certificates(): string[];
  dropCertificates(ids: readonly string[]): void | Promise<void>;
}

function peerOf(socket: net.Socket): string {
  return `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
}

async function listening(server: net.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as net.AddressInfo).port;
}

/**
 * The TLS side of the TAK endpoint (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): the
 * CoT stream on COT_TLS_PORT, where a device proves who it is with a certificate from Argus's CA and
 * the certificates table says whether it still may; and ATAK's enrolment on TAK_ENROL_PORT.
 */
export class TakTlsEndpoints {
  private readonly servers: net.Server[] = [];
  private recheck: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;
  tlsPort: number | null = null;
  enrolPort: number | null = null;
  martiPort: number | null = null;
  /** The Marti API's server, once it listens. */
  martiServer: https.Server | null = null;
  authority: TakCertificateAuthority | null = null;

  constructor(
    private readonly cot: CotStreamServer,
    private readonly certificates: TakCertificatesService,
    private readonly log: FastifyBaseLogger,
    private readonly config: TakTlsConfig,
    private readonly marti: Omit<MartiDeps, 'certificates' | 'log'> | null = null,
    /** Besides the CoT connections, what else a certificate holds open: its playback links' sessions (decision 0073). */
    private readonly others: CertificateHolder[] = [],
  ) {}

  private get holders(): CertificateHolder[] {
    return [this.cot, ...this.others];
  }

  get enabled(): boolean {
    return this.config.tlsPort !== null || this.config.enrolPort !== null || this.config.martiPort !== null;
  }

  /** Where devices reach the TAK ports, for onboarding; null unless both TLS CoT and enrolment listen. */
  endpoints(): TakEndpoints | null {
    if (this.tlsPort === null || this.enrolPort === null || !this.authority) return null;
    return {
      host: this.config.serverNames[0] ?? 'localhost',
      cotPort: this.tlsPort,
      enrolPort: this.enrolPort,
      martiPort: this.martiPort,
      caPem: this.authority.pem,
    };
  }

  async start(dataDir: string, host: string): Promise<void> {
    const authority = await TakCertificateAuthority.open(dataDir, this.config.caFiles);
    this.authority = authority;
    this.certificates.useAuthority(authority);
    const { cert, key } = await authority.serverCertificate(this.config.serverNames);
    const secure = { cert, key, minVersion: 'TLSv1.2' as const, handshakeTimeout: this.config.handshakeTimeoutMs };

    if (this.config.tlsPort !== null) {
      await this.cot.open();
      const server = tls.createServer({ ...secure, ca: [authority.pem], requestCert: true, rejectUnauthorized: true }, (socket) => {
        void this.accept(socket);
      });
      // With a listener here Node leaves the socket open; a failed or timed-out handshake ends it.
      server.on('tlsClientError', (error, socket) => {
        this.log.warn({ peer: peerOf(socket), reason: error.message }, 'TAK TLS connection refused in the handshake');
        socket.destroy();
      });
      // Handshakes cost RSA work before anyone is known: as many as the plain endpoint's devices, no more.
      server.maxConnections = DEFAULT_COT_LIMITS.maxConnections;
      this.tlsPort = await this.serve(server, this.config.tlsPort, host);
      this.unlisten = this.certificates.onRevoked((ids) => void this.dropCertificates(ids));
      this.recheck = setInterval(() => void this.recheckOpen(), this.config.recheckMs);
      this.recheck.unref();
      this.log.info({ port: this.tlsPort, host }, 'CoT endpoint listening (TLS with client certificates)');
    }
    if (this.config.enrolPort !== null) {
      const server = https.createServer({ ...secure, requestTimeout: 30_000 }, enrolmentHandler(this.certificates, this.log));
      server.on('tlsClientError', (error, socket) => {
        this.log.info({ peer: peerOf(socket), reason: error.message }, 'TAK enrolment TLS handshake failed');
        socket.destroy();
      });
      server.maxConnections = MAX_ENROLMENT_CONNECTIONS;
      this.enrolPort = await this.serve(server, this.config.enrolPort, host);
      this.log.info({ port: this.enrolPort, host }, 'TAK certificate enrolment listening (HTTPS)');
    }
    if (this.config.martiPort !== null && this.marti) {
      // As the CoT port: only certificates from Argus's CA get through the handshake, and each
      // request is then checked against the certificates table (tak-peer-identity.ts).
      const handler = martiHandler({ ...this.marti, certificates: this.certificates, log: this.log });
      const server = https.createServer(
        {
          ...secure,
          ca: [authority.pem],
          requestCert: true,
          rejectUnauthorized: true,
          requestTimeout: 0,
          headersTimeout: MARTI_HEADERS_TIMEOUT_MS,
        },
        handler,
      );
      // Idle, not total: the socket is destroyed, and the upload's store read ends (tak-marti.http.ts).
      server.timeout = MARTI_IDLE_TIMEOUT_MS;
      this.martiServer = server;
      server.on('tlsClientError', (error, socket) => {
        this.log.info({ peer: peerOf(socket), reason: error.message }, 'TAK Marti TLS handshake failed');
        socket.destroy();
      });
      server.maxConnections = DEFAULT_COT_LIMITS.maxConnections;
      this.martiPort = await this.serve(server, this.config.martiPort, host);
      this.log.info({ port: this.martiPort, host }, 'TAK Marti API listening (HTTPS with client certificates)');
    }
  }

  async close(): Promise<void> {
    this.unlisten?.();
    this.unlisten = null;
    if (this.recheck) clearInterval(this.recheck);
    this.recheck = null;
    await Promise.all(
      this.servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            (server as net.Server & { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => resolve());
          }),
      ),
    );
  }

  private async serve(server: net.Server, port: number, host: string): Promise<number> {
    this.servers.push(server);
    const bound = await listening(server, port, host);
    server.on('error', (error) => this.log.error({ err: error }, 'TAK TLS endpoint error'));
    return bound;
  }

  /** A handshake that passed the CA check; the certificates table decides whether it may stay. */
  private async accept(socket: tls.TLSSocket): Promise<void> {
    const peer = peerOf(socket);
    socket.on('error', () => undefined);
    try {
      const identity = await identifyPeer(socket, this.certificates);
      if ('refused' in identity) {
        this.log.warn({ peer, reason: identity.refused, serial: identity.serial }, 'TAK TLS connection refused');
        socket.destroy();
        return;
      }
      if (socket.destroyed) return;
      // Another server's link (another Argus's gateway) carries many devices, as Argus's own link to a TAK Server does.
      this.cot.attach(socket, peer, identity, { takServer: this.config.peerSerials.includes(certificateSerial(identity.serial)) });
    } catch (error) {
      this.log.error({ err: error, peer }, 'could not check a TAK device’s certificate');
      socket.destroy();
    }
  }

  /** Certificates revoked by another process, or expired meanwhile, lose their open connections and video sessions. */
  private async recheckOpen(): Promise<void> {
    try {
      const ids = [...new Set(this.holders.flatMap((holder) => holder.certificates()))];
      if (ids.length) await this.dropCertificates(await this.certificates.unusable(ids));
    } catch (error) {
      this.log.error({ err: error }, 'could not check open TAK connections against the certificates');
    }
  }

  private async dropCertificates(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const holder of this.holders) {
      try {
        await holder.dropCertificates(ids);
      } catch (error) {
        this.log.error({ err: error }, 'could not end what a revoked TAK certificate held open');
      }
    }
  }
}
