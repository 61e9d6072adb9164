import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../lib/app-error';

/** The HTTPS ports devices reach (enrolment, Marti) answer with these, outside the Fastify app. */
export function answer(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  response.end(body);
}

/** An error in the API's own shape, so a person reading a device's log sees Argus's words. */
export function refuse(response: ServerResponse, error: AppError, headers: Record<string, string> = {}): void {
  answer(response, error.status, 'application/json', JSON.stringify({ error: { code: error.code, message: error.message } }), headers);
}

/** The request's path and query, or null when the target is one the URL parser refuses (Node lets `http://[` through). */
export function requestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? '/', 'https://tak.invalid');
  } catch {
    return null;
  }
}
