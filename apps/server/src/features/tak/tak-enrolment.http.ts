import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS } from '@argus/contracts/errors';
import { AppError } from '../../lib/app-error';
import type { TakCertificatesService } from './tak-certificates.service';
import { answer, refuse, requestUrl } from './tak-http';

/** A CSR is a few kilobytes; anything much larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * What ATAK asks before it makes its key: the subject entries the CSR should carry. The common name
 * is the user name the person typed, which must be their Argus email.
 */
const TLS_CONFIG = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<ns2:certificateConfig xmlns="http://bbn.com/marti/xml/config" xmlns:ns2="com.bbn.marti.config">
  <nameEntries>
    <nameEntry name="O" value="Argus"/>
    <nameEntry name="OU" value="TAK"/>
  </nameEntries>
</ns2:certificateConfig>
`;

class BodyTooLarge extends Error {}

/** The body, refused past MAX_BODY_BYTES: at once when its declared length says so, else once it grows past. */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // The rest is read and dropped; the answer closes the connection.
      if (size > MAX_BODY_BYTES) reject(new BodyTooLarge());
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** HTTP Basic credentials, or null when the header is missing or not Basic. */
function basicCredentials(header: string | undefined): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 1 ? null : { email: text.slice(0, colon), password: text.slice(colon + 1) };
}

const BASIC_CHALLENGE = 'Basic realm="Argus TAK enrolment", charset="UTF-8"';

/**
 * ATAK's certificate enrolment on its own HTTPS port (docs/decisions/0062-tak-tls-enrolment-and-revocation.md):
 * `GET /Marti/api/tls/config` and `POST /Marti/api/tls/signClient/v2?clientUid=…` with HTTP Basic
 * and the CSR as the body. The signed certificate and the CA go back as base64 DER, in JSON when
 * asked for it (`signedCert`, `ca0`), else in TAK Server's XML form.
 */
export function enrolmentHandler(certificates: TakCertificatesService, log: FastifyBaseLogger) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const peer = request.socket.remoteAddress ?? '?';
    // Nothing a peer sends may escape as an unhandled rejection: that would end the whole server.
    handle(request, response, peer).catch((error: unknown) => {
      log.error({ err: error, peer }, 'TAK enrolment failed');
      if (!response.headersSent) refuse(response, new AppError('internal', ERRORS.internal.message));
      else response.destroy();
    });
  };

  async function handle(request: IncomingMessage, response: ServerResponse, peer: string): Promise<void> {
    const url = requestUrl(request);
    if (!url) {
      refuse(response, new AppError('validation_failed', 'The request target is not a valid address.'));
      return;
    }
    if (request.method === 'GET' && url.pathname === '/Marti/api/tls/config') {
      answer(response, 200, 'application/xml', TLS_CONFIG);
      return;
    }
    if (url.pathname !== '/Marti/api/tls/signClient/v2') {
      refuse(response, new AppError('not_found', 'This port answers only TAK certificate enrolment (/Marti/api/tls/…).'));
      return;
    }
    if (request.method !== 'POST') {
      refuse(response, new AppError('method_not_allowed', 'Send the certificate signing request with POST.'), { allow: 'POST' });
      return;
    }
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) {
      log.info({ peer }, 'TAK enrolment without credentials');
      refuse(response, new AppError('unauthenticated', 'Enrol with your Argus email and password (HTTP Basic).'), {
        'www-authenticate': BASIC_CHALLENGE,
      });
      return;
    }
    try {
      const csr = await readBody(request);
      const { certificate, ca } = await certificates.enrol({
        email: credentials.email,
        password: credentials.password,
        clientUid: url.searchParams.get('clientUid') ?? undefined,
        csr,
        client: { ip: peer, userAgent: String(request.headers['user-agent'] ?? '') },
      });
      log.info({ peer, serial: certificate.serial, subject: certificate.subject }, 'TAK device enrolled');
      const signedCert = certificate.der.toString('base64');
      const ca0 = ca.toString('base64');
      if ((request.headers.accept ?? '').includes('json')) answer(response, 200, 'application/json', JSON.stringify({ signedCert, ca0 }));
      else answer(response, 200, 'application/xml', `<enrollment><signedCert>${signedCert}</signedCert><ca>${ca0}</ca></enrollment>`);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        log.warn({ peer }, 'TAK enrolment refused: body too large');
        refuse(response, new AppError('payload_too_large', 'A certificate signing request is at most 64 KB.'), { connection: 'close' });
        return;
      }
      if (error instanceof AppError) {
        log.warn({ peer, email: credentials.email, code: error.code, reason: error.message }, 'TAK enrolment refused');
        refuse(response, error, error.status === 401 ? { 'www-authenticate': BASIC_CHALLENGE } : {});
        return;
      }
      log.error({ err: error, peer }, 'TAK enrolment failed');
      refuse(response, new AppError('internal', ERRORS.internal.message));
    }
  }
}
