import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../../config-error';
import { DEFAULT_COT_LIMITS, type CotLimits } from './cot-limits';
import type { TakGatewayConfig } from './tak-gateway';
import { certificateSerial } from './tak-peer-identity';
import type { RtspConfig } from './rtsp-server';
import type { TakTlsConfig } from './tak-tls-endpoints';

/**
 * The TAK settings (config.ts reads every variable once; these are its TAK part, kept beside the
 * features they set): the CoT ports, enrolment, the Marti API, the certificate authority, the
 * server links and the gateway to an existing TAK Server.
 */
export const TakEnv = {
  /** TAK devices' streaming CoT over plain TCP, for a trusted LAN or tests; unset: off (docs/decisions/0061-tak-cot-endpoint-first-slice.md). 0: any free port. */
  COT_TCP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** A CoT connection that sends nothing for this long is closed. */
  COT_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_COT_LIMITS.idleTimeoutMs),
  /** A CoT event must be finished this long after its first byte arrived. */
  COT_EVENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_COT_LIMITS.eventTimeoutMs),
  /** TAK devices' streaming CoT over TLS with client certificates (8089 is TAK's); unset: off (docs/decisions/0062-tak-tls-enrolment-and-revocation.md). 0: any free port. */
  COT_TLS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** ATAK's certificate enrolment over HTTPS (8446 is TAK's); unset: off. 0: any free port. */
  TAK_ENROL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The Marti HTTP API ATAK calls once connected, over HTTPS with client certificates (8443 is TAK's); unset: off (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md). 0: any free port. */
  TAK_MARTI_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The operator's certificate authority for TAK, both or neither (PEM files); unset: Argus's own under DATA_DIR/tak. */
  TAK_CA_CERT_FILE: z.string().optional(),
  TAK_CA_KEY_FILE: z.string().optional(),
  /** Host names and addresses devices reach the TAK ports by, comma-separated, for the server certificate; unset: PUBLIC_URL's host, localhost and 127.0.0.1. */
  TAK_SERVER_NAMES: z.string().optional(),
  /** Serials, comma-separated, of the certificates that are other TAK servers' links (another Argus's gateway), not devices (docs/decisions/0074-tak-server-links.md). */
  TAK_PEER_SERIALS: z
    .string()
    .regex(/^[\s,:0-9a-fA-F]*$/, 'certificate serials in hexadecimal, comma-separated (as `openssl x509 -noout -serial` prints them)')
    .optional(),
  /** How long a device's certificate lasts. */
  TAK_CLIENT_CERT_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** A TLS handshake not finished in this long is dropped. */
  COT_TLS_HANDSHAKE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How often open TLS connections are checked against the certificates (revoked in another process, expired). */
  COT_TLS_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** An existing TAK Server Argus joins as a client, `ssl://host:8089`; unset: no gateway (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md). */
  TAK_GATEWAY_URL: z.string().optional(),
  /** The certificate, key and CA (PEM files) the TAK Server's operator gave for Argus; required with TAK_GATEWAY_URL. */
  TAK_GATEWAY_CERT_FILE: z.string().optional(),
  TAK_GATEWAY_KEY_FILE: z.string().optional(),
  TAK_GATEWAY_CA_FILE: z.string().optional(),
  /** The first wait before trying a lost gateway link again; it doubles up to TAK_GATEWAY_MAX_RETRY_MS. */
  TAK_GATEWAY_RETRY_MS: z.coerce.number().int().min(10).max(600_000).default(1_000),
  TAK_GATEWAY_MAX_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** The RTSP output stock ATAK plays live rooms from (8554 is the usual); unset: off, devices get WHEP links (docs/decisions/0077-tak-rtsp-output.md). 0: any free port. */
  TAK_RTSP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The host name devices reach TAK_RTSP_PORT by, when PUBLIC_URL's is not (a proxy in front of the web app only). */
  TAK_RTSP_HOST: z
    .string()
    .regex(/^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])$/, 'a host name or address (an IPv6 address in brackets)')
    .optional(),
  /** The port devices reach TAK_RTSP_PORT by, when a port forward or NAT maps another one to it; unset: TAK_RTSP_PORT (the one listened on). */
  TAK_RTSP_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** An RTSP connection must be playing, and any request be complete, this long after it began. */
  TAK_RTSP_HANDSHAKE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A playing RTSP connection that sends nothing (players send RTCP or keep-alives) for this long is closed. */
  TAK_RTSP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(90_000),
};

type TakEnvValues = z.infer<z.ZodObject<typeof TakEnv>>;

export interface TakConfig {
  tcpPort: number | null;
  limits: CotLimits;
  tls: TakTlsConfig;
  clientCertDays: number;
  gateway: TakGatewayConfig | null;
  rtsp: RtspConfig | null;
}

/** The TAK part of the configuration, from the parsed environment; a ConfigError names what is missing. */
export function takConfig(e: TakEnvValues, publicUrl: string): TakConfig {
  if (e.TAK_GATEWAY_URL && !(e.TAK_GATEWAY_CERT_FILE && e.TAK_GATEWAY_KEY_FILE && e.TAK_GATEWAY_CA_FILE)) {
    throw new ConfigError(
      'Invalid configuration:\n  TAK_GATEWAY_URL needs TAK_GATEWAY_CERT_FILE, TAK_GATEWAY_KEY_FILE and TAK_GATEWAY_CA_FILE',
    );
  }
  if (Boolean(e.TAK_CA_CERT_FILE) !== Boolean(e.TAK_CA_KEY_FILE)) {
    throw new ConfigError('Invalid configuration:\n  TAK_CA_CERT_FILE and TAK_CA_KEY_FILE must be set together');
  }
  return {
    tcpPort: e.COT_TCP_PORT ?? null,
    limits: { ...DEFAULT_COT_LIMITS, idleTimeoutMs: e.COT_IDLE_TIMEOUT_MS, eventTimeoutMs: e.COT_EVENT_TIMEOUT_MS },
    tls: {
      tlsPort: e.COT_TLS_PORT ?? null,
      enrolPort: e.TAK_ENROL_PORT ?? null,
      martiPort: e.TAK_MARTI_PORT ?? null,
      caFiles:
        e.TAK_CA_CERT_FILE && e.TAK_CA_KEY_FILE
          ? { certFile: path.resolve(e.TAK_CA_CERT_FILE), keyFile: path.resolve(e.TAK_CA_KEY_FILE) }
          : null,
      serverNames: e.TAK_SERVER_NAMES?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) ?? [...new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1'])],
      handshakeTimeoutMs: e.COT_TLS_HANDSHAKE_TIMEOUT_MS,
      recheckMs: e.COT_TLS_RECHECK_MS,
      peerSerials: e.TAK_PEER_SERIALS?.split(',').map(certificateSerial).filter(Boolean) ?? [],
    },
    clientCertDays: e.TAK_CLIENT_CERT_DAYS,
    gateway: e.TAK_GATEWAY_URL
      ? {
          ...gatewayAddress(e.TAK_GATEWAY_URL),
          certFile: path.resolve(e.TAK_GATEWAY_CERT_FILE!),
          keyFile: path.resolve(e.TAK_GATEWAY_KEY_FILE!),
          caFile: path.resolve(e.TAK_GATEWAY_CA_FILE!),
          minRetryMs: e.TAK_GATEWAY_RETRY_MS,
          maxRetryMs: Math.max(e.TAK_GATEWAY_RETRY_MS, e.TAK_GATEWAY_MAX_RETRY_MS),
          // Well inside the idle timeout of either end.
          pingMs: Math.max(50, Math.floor(e.COT_IDLE_TIMEOUT_MS / 4)),
        }
      : null,
    rtsp:
      e.TAK_RTSP_PORT === undefined
        ? null
        : {
            port: e.TAK_RTSP_PORT,
            host: e.TAK_RTSP_HOST ?? new URL(publicUrl).hostname,
            publicPort: e.TAK_RTSP_PUBLIC_PORT ?? null,
            handshakeTimeoutMs: e.TAK_RTSP_HANDSHAKE_TIMEOUT_MS,
            idleTimeoutMs: e.TAK_RTSP_IDLE_TIMEOUT_MS,
          },
  };
}

/** TAK_GATEWAY_URL: `ssl://host:port` (TAK's own notation) or `tls://…`; 8089 when no port is given. */
function gatewayAddress(url: string): { host: string; port: number } {
  const match = /^(?:ssl|tls):\/\/(\[[^\]]+\]|[^:/\s]+)(?::(\d{1,5}))?\/?$/.exec(url.trim());
  const port = match?.[2] === undefined ? 8089 : Number(match[2]);
  if (!match || port < 1 || port > 65535)
    throw new ConfigError(`Invalid configuration:\n  TAK_GATEWAY_URL must look like ssl://takserver.example.org:8089, not "${url}"`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}
