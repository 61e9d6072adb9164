/**
 * Reading RTSP/1.0 requests (RFC 2326) off a TCP stream, strictly bounded
 * (docs/decisions/0077-tak-rtsp-output.md): a request's head is at most MAX_HEAD_BYTES with at most
 * MAX_HEADERS headers, a body at most MAX_BODY_BYTES; anything else is a protocol error with the
 * RTSP status to answer before the connection is closed. Interleaved `$` frames (RTCP receiver
 * reports a player sends on the TCP connection) are read past and dropped.
 */

/** A request line with a playback link's token (~400 characters) and a few dozen short headers fit well within. */
export const MAX_HEAD_BYTES = 8_192;
export const MAX_HEADERS = 32;
/** GET_PARAMETER and SET_PARAMETER may carry a small body; nothing Argus reads needs more. */
const MAX_BODY_BYTES = 4_096;

export interface RtspRequest {
  method: string;
  url: string;
  /** Lower-cased names; a repeated header keeps its last value. */
  headers: Map<string, string>;
  cseq: string | null;
}

export class RtspProtocolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What arrived: a whole request, or the start of one (for the request timeout). */
export interface RtspReadResult {
  requests: RtspRequest[];
  /** Bytes of an unfinished request are waiting. */
  partial: boolean;
}

export class RtspRequestReader {
  private buffer: Buffer = Buffer.alloc(0);

  /** Takes the bytes that arrived; throws RtspProtocolError for input to refuse. */
  push(chunk: Buffer): RtspReadResult {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const requests: RtspRequest[] = [];
    for (;;) {
      if (this.buffer.length === 0) break;
      if (this.buffer[0] === 0x24) {
        // `$`, channel, 16-bit length, then the packet: the player's RTCP, not needed.
        if (this.buffer.length < 4) break;
        const size = 4 + this.buffer.readUInt16BE(2);
        if (this.buffer.length < size) break;
        this.buffer = this.buffer.subarray(size);
        continue;
      }
      const request = this.nextRequest();
      if (!request) break;
      requests.push(request);
    }
    return { requests, partial: this.buffer.length > 0 };
  }

  private nextRequest(): RtspRequest | null {
    const end = headEnd(this.buffer);
    if (end === null) {
      if (this.buffer.length > MAX_HEAD_BYTES) throw new RtspProtocolError(400, 'The request head is too long.');
      return null;
    }
    if (end.headLength > MAX_HEAD_BYTES) throw new RtspProtocolError(400, 'The request head is too long.');
    const lines = this.buffer.subarray(0, end.headLength).toString('latin1').split(/\r?\n/);
    const request = parseHead(lines);
    const length = request.headers.get('content-length');
    if (!/^\d{1,16}$/.test(length ?? '0')) throw new RtspProtocolError(400, 'Content-Length is not a length.');
    const bodyLength = length === undefined ? 0 : Number(length);
    if (bodyLength > MAX_BODY_BYTES) throw new RtspProtocolError(413, 'The request body is too large.');
    const total = end.headLength + end.separatorLength + bodyLength;
    if (this.buffer.length < total) return null;
    this.buffer = this.buffer.subarray(total);
    return request;
  }
}

/** Where the head ends (an empty line, CRLF or bare LF as lenient readers accept). */
function headEnd(buffer: Buffer): { headLength: number; separatorLength: number } | null {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return null;
  if (lf !== -1 && (crlf === -1 || lf < crlf)) return { headLength: lf, separatorLength: 2 };
  return { headLength: crlf, separatorLength: 4 };
}

function parseHead(lines: string[]): RtspRequest {
  const match = /^([A-Z_]{1,32}) (\S{1,4096}) (RTSP\/\d\.\d)$/.exec(lines[0] ?? '');
  if (!match) throw new RtspProtocolError(400, 'The request line is not an RTSP request.');
  if (match[3] !== 'RTSP/1.0') throw new RtspProtocolError(505, 'Only RTSP/1.0 is spoken here.');
  const headerLines = lines.slice(1);
  if (headerLines.length > MAX_HEADERS) throw new RtspProtocolError(400, 'Too many headers.');
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new RtspProtocolError(400, 'A header line has no name.');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const cseq = headers.get('cseq') ?? null;
  if (cseq !== null && !/^\d{1,10}$/.test(cseq)) throw new RtspProtocolError(400, 'CSeq is not a number.');
  return { method: match[1]!, url: match[2]!, headers, cseq };
}

/** The response head (and body) for a request's CSeq. */
export function rtspResponse(status: number, cseq: string | null, headers: Record<string, string> = {}, body = ''): Buffer {
  const lines = [`RTSP/1.0 ${status} ${REASONS[status] ?? 'Error'}`];
  if (cseq !== null) lines.push(`CSeq: ${cseq}`);
  lines.push('Server: Argus');
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Request Entity Too Large',
  454: 'Session Not Found',
  455: 'Method Not Valid in This State',
  461: 'Unsupported Transport',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  505: 'RTSP Version Not Supported',
};
