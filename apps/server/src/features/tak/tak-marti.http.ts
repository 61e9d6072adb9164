import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type tls from 'node:tls';
import Busboy from 'busboy';
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS } from '@argus/contracts/errors';
import type { TakContact } from '@argus/contracts/http/tak';
import { AppError } from '../../lib/app-error';
import type { DeviceIdentity, TakCertificatesService } from './tak-certificates.service';
import type { TakDataPackageRow } from './tak-data-packages.repository';
import { packageHash, type TakDataPackagesService } from './tak-data-packages.service';
import { answer, refuse, requestUrl } from './tak-http';
import { identifyPeer } from './tak-peer-identity';

/** What TAK Server's API version 3 is to ATAK: the envelope every JSON answer of /Marti/api comes in. */
const API_VERSION = '3';
const SERVER_VERSION = 'Argus 2 (TAK Server API 3)';

export interface MartiDeps {
  certificates: TakCertificatesService;
  packages: TakDataPackagesService;
  /** The TAK devices heard lately, for clientEndPoints. */
  contacts: () => Promise<TakContact[]>;
  /** This server process's name, TAK Server's `nodeId`. */
  nodeId: string;
  /** The server's clock, which the contacts' times are in. */
  now: () => number;
  log: FastifyBaseLogger;
}

function envelope(type: string, data: unknown, nodeId: string): string {
  return JSON.stringify({ version: API_VERSION, type, data, nodeId });
}

/**
 * Argus has no TAK groups: every device is in the one group TAK Server calls `__ANON__`, both ways,
 * which is what a TAK Server without group configuration answers too.
 */
function groups(): unknown[] {
  return (['IN', 'OUT'] as const).map((direction) => ({
    name: '__ANON__',
    direction,
    created: '1970-01-01',
    type: 'SYSTEM',
    bitpos: 2,
    active: true,
    description: '',
  }));
}

/** A package as TAK Server's sync search lists it. */
function listed(row: TakDataPackageRow): Record<string, unknown> {
  return {
    UID: row.hash,
    Name: row.name,
    Hash: row.hash,
    PrimaryKey: row.hash,
    SubmissionDateTime: new Date(row.submitted_at).toISOString(),
    SubmissionUser: row.submitter,
    CreatorUid: row.creator_uid,
    Keywords: row.keywords,
    MIMEType: row.mime_type,
    Size: row.size,
    Tool: row.tool,
    Expiration: -1,
  };
}

/** What a client that stopped sending, or the idle timeout that ended it, leaves the store's read with. */
const cutOff = () => new AppError('validation_failed', 'The upload was cut off.');

/**
 * The part named `assetfile` of ATAK's multipart upload, or the body itself when it was sent bare.
 * A request closed before its last byte fails the bytes' stream, so the store's read ends and drops
 * what it had (a plain pipe passes no abort on: the store would wait for ever).
 */
function uploadedFile(request: IncomingMessage): Promise<{ bytes: Readable; mimeType: string | null }> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    const bytes = new PassThrough();
    request.once('close', () => {
      if (!request.complete) bytes.destroy(cutOff());
    });
    request.pipe(bytes);
    return Promise.resolve({ bytes, mimeType: type || null });
  }
  return new Promise((resolve, reject) => {
    let bytes: PassThrough | null = null;
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: request.headers, limits: { files: 1, fields: 20 } });
    } catch (error) {
      // A multipart type without a boundary, say: Busboy throws before reading a byte.
      reject(new AppError('validation_failed', `The upload could not be read: ${(error as Error).message}`));
      return;
    }
    const fail = (error: AppError) => {
      if (bytes) bytes.destroy(error);
      else reject(error);
    };
    parser.on('file', (_field, file, info) => {
      bytes = new PassThrough();
      // Busboy fails the part too when the body ends early; the store's read hears it through `bytes`.
      file.on('error', (error: Error) => fail(new AppError('validation_failed', `The upload could not be read: ${error.message}`)));
      file.pipe(bytes);
      resolve({ bytes, mimeType: info.mimeType });
    });
    // A body broken after the file began fails the store's read of it, rather than leaving it waiting.
    parser.on('error', (error: Error) => fail(new AppError('validation_failed', `The upload could not be read: ${error.message}`)));
    parser.on('close', () => {
      if (!bytes) reject(new AppError('validation_failed', 'The upload has no file (a multipart part named assetfile).'));
    });
    request.once('close', () => {
      if (request.complete) return;
      fail(cutOff());
      parser.destroy();
    });
    request.pipe(parser);
  });
}

/** The address the device reached this port by, for the content URL TAK Server hands back. */
function baseUrl(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return /^[A-Za-z0-9.\-:[\]]{1,300}$/.test(host) ? `https://${host}` : '';
}

/**
 * The part of TAK Server's Marti HTTP API a stock ATAK calls once connected
 * (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md), on TAK_MARTI_PORT. Every
 * request carries a client certificate from Argus's CA, and is served only while the certificates
 * table says it is in force: the same check the TLS CoT port makes.
 */
export function martiHandler(deps: MartiDeps) {
  const { log } = deps;
  return (request: IncomingMessage, response: ServerResponse): void => {
    const peer = request.socket.remoteAddress ?? '?';
    handle(request, response).catch((error: unknown) => {
      if (error instanceof AppError) {
        log.info({ peer, path: request.url, code: error.code, reason: error.message }, 'TAK Marti request refused');
        // A refused request's body may be left unread, and would be taken for the next request: the
        // connection ends with the answer.
        const unread = error.status === 413 || request.method === 'POST' || request.method === 'PUT';
        if (!response.headersSent) refuse(response, error, unread ? { connection: 'close' } : {});
        else response.destroy();
        return;
      }
      log.error({ err: error, peer }, 'TAK Marti request failed');
      if (!response.headersSent) refuse(response, new AppError('internal', ERRORS.internal.message));
      else response.destroy();
    });
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const identity = await identifyPeer(request.socket as tls.TLSSocket, deps.certificates);
    if ('refused' in identity) {
      log.warn({ peer: request.socket.remoteAddress, reason: identity.refused, serial: identity.serial }, 'TAK Marti request refused');
      refuse(response, new AppError('forbidden', `This device may not connect: ${identity.refused}.`), { connection: 'close' });
      return;
    }
    const url = requestUrl(request);
    if (!url) throw new AppError('validation_failed', 'The request target is not a valid address.');
    const route = `${request.method ?? 'GET'} ${url.pathname}`;
    const json = (type: string, data: unknown) => answer(response, 200, 'application/json', envelope(type, data, deps.nodeId));

    switch (route) {
      case 'GET /Marti/api/version':
        return answer(response, 200, 'text/plain', SERVER_VERSION);
      case 'GET /Marti/api/version/config':
        return json('ServerConfig', {
          version: SERVER_VERSION,
          api: API_VERSION,
          hostname: baseUrl(request).replace(/^https:\/\/|:\d+$/g, ''),
        });
      case 'GET /Marti/api/clientEndPoints':
        return json('com.bbn.marti.remote.ClientEndpoint', await clientEndPoints(url));
      case 'GET /Marti/api/groups/all':
        return json('com.bbn.marti.remote.groups.Group', groups());
      case 'GET /Marti/api/groups/groupCacheEnabled':
        return json('java.lang.Boolean', false);
      case 'POST /Marti/sync/missionupload':
      case 'POST /Marti/sync/upload':
        return upload(request, response, url, identity);
      case 'GET /Marti/sync/missionquery': {
        const row = await deps.packages.find(url.searchParams.get('hash') ?? '', identity);
        if (!row) throw new AppError('not_found', 'No data package with this hash.');
        return answer(response, 200, 'text/plain', contentUrl(request, row.hash));
      }
      case 'GET /Marti/sync/content':
        return content(response, url.searchParams.get('hash') ?? '', identity);
      case 'GET /Marti/sync/search': {
        const rows = await deps.packages.search(
          {
            tool: url.searchParams.get('tool') ?? undefined,
            keywords: url.searchParams.get('keywords') ?? undefined,
          },
          identity,
        );
        return answer(response, 200, 'application/json', JSON.stringify({ resultCount: rows.length, results: rows.map(listed) }));
      }
    }
    const tool = /^PUT \/Marti\/api\/sync\/metadata\/([^/]+)\/tool$/.exec(route);
    if (tool) {
      await deps.packages.setTool(decoded(tool[1]!), await smallText(request), identity);
      return answer(response, 200, 'text/plain', '');
    }
    throw new AppError('not_found', `Argus does not serve ${url.pathname} of TAK Server’s API.`);
  }

  async function clientEndPoints(url: URL): Promise<unknown[]> {
    // ATAK asks for the devices seen in the last `secago` seconds.
    const seconds = Number(url.searchParams.get('secago'));
    const since = Number.isFinite(seconds) && seconds > 0 ? deps.now() - seconds * 1000 : 0;
    return (await deps.contacts())
      .filter((contact) => new Date(contact.lastSeen).getTime() >= since)
      .map((contact) => ({
        callsign: contact.callsign,
        uid: contact.uid,
        username: contact.unit?.callsign ?? '',
        lastEventTime: new Date(contact.lastSeen).toISOString(),
        lastStatus: 'Connected',
      }));
  }

  function contentUrl(request: IncomingMessage, hash: string): string {
    return `${baseUrl(request)}/Marti/sync/content?hash=${hash}`;
  }

  async function upload(request: IncomingMessage, response: ServerResponse, url: URL, identity: DeviceIdentity): Promise<void> {
    // A malformed hash is refused before a byte of the body is read.
    const hash = url.searchParams.get('hash');
    if (hash !== null) packageHash(hash);
    const { bytes, mimeType } = await uploadedFile(request);
    const name = (url.searchParams.get('filename') ?? url.searchParams.get('name') ?? '').trim().slice(0, 200) || 'data package';
    const row = await deps.packages.upload({
      hash,
      name,
      creatorUid: (url.searchParams.get('creatorUid') ?? identity.deviceUid).slice(0, 200),
      keywords: (url.searchParams.get('keywords') ?? 'missionpackage').slice(0, 500),
      mimeType: mimeType && mimeType !== 'application/octet-stream' ? mimeType : 'application/x-zip-compressed',
      bytes,
      submitter: identity.email,
    });
    log.info({ hash: row.hash, size: row.size, device: identity.deviceUid }, 'TAK data package uploaded');
    answer(response, 200, 'text/plain', contentUrl(request, row.hash));
  }

  async function content(response: ServerResponse, hash: string, identity: DeviceIdentity): Promise<void> {
    const { row, bytes } = await deps.packages.content(hash, identity);
    response.writeHead(200, {
      'content-type': row.mime_type,
      'content-length': String(row.size),
      'content-disposition': attachment(row.name),
      'cache-control': 'no-store',
    });
    await pipeline(bytes, response);
  }
}

/**
 * The Content-Disposition of a package: a header carries Latin-1 at most (Node refuses more), so an
 * ASCII stand-in for old clients and the real name in UTF-8 (RFC 6266 filename*) for the rest.
 */
function attachment(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A path segment's text; a broken %-escape is the request's fault, not the server's. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError('validation_failed', 'The request target has a malformed %-escape.');
  }
}

/** A short text body (ATAK's `public` for …/tool); more than a kilobyte is not one. */
async function smallText(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > 1024) throw new AppError('payload_too_large', 'This request’s body is a single word.');
  }
  return text;
}
