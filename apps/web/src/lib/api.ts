import type { z } from 'zod';
import { API } from '@argus/contracts/constants';
import { CSRF_COOKIE, CSRF_HEADER, cookieName } from '@argus/contracts/http/auth';
import type { ErrorCode } from '@argus/contracts/errors';
import { ApiError, CLIENT_ERROR_CODES, errorFromResponse } from './api-error';
import { readCookie } from './cookies';
import { dropFirstReads, takeFirstRead } from './first-reads';
import { observeServerTime } from './server-clock';

/** Uploads and streaming set-up legitimately take longer than ordinary calls. */
export type RequestKind = 'default' | 'streaming' | 'upload';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A body sent as it is (a photo), with its own Content-Type, instead of JSON. */
  raw?: { body: Blob; contentType: string };
  /** Headers of this call besides those the client sets (a follow link's token). */
  headers?: Record<string, string>;
  /** Validates the answer, so a server drift fails loudly here rather than deep in a component. */
  schema?: z.ZodType<T>;
  kind?: RequestKind;
  /** Overrides the kind's timeout: a basemap archive of hundreds of MB needs longer than a photo. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Session calls handle their own 401s: the session check treats one as "signed out", and
   * logout must not start the sign-out flow it is part of.
   */
  ignoreSessionEnd?: boolean;
  /**
   * Error statuses whose body is still the answer: readiness answers 503 with the health it found
   * (docs/decisions/0047-health-shutdown-and-built-starts.md). The body must match the schema.
   */
  answerStatuses?: readonly number[];
}

export function timeoutFor(kind: RequestKind): number {
  if (kind === 'streaming') return API.streamingTimeoutMs;
  if (kind === 'upload') return API.uploadTimeoutMs;
  return API.timeoutMs;
}

/** Login sets the CSRF cookie, so it cannot send one; analytics beacons run without a session. */
export function needsCsrf(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return path !== '/auth/login' && path !== '/auth/oauth/session' && !path.startsWith('/analytics/');
}

/** The 401 codes meaning the session is gone: expired by inactivity, or revoked on the server. */
export type SessionEndCode = Extract<ErrorCode, 'session_expired' | 'unauthenticated'>;
type SessionEndedListener = (code: SessionEndCode) => void;
let sessionEndedListener: SessionEndedListener | null = null;

/** The auth provider listens here so any call that finds the session gone ends it in the app too. */
export function setSessionEndedListener(listener: SessionEndedListener | null): void {
  sessionEndedListener = listener;
}

/** The one way the web app talks to its server: JSON, same-origin cookies, CSRF, timeouts. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.raw) headers['Content-Type'] = options.raw.contentType;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (needsCsrf(method, path)) {
    const token = readCookie(document.cookie, cookieName(CSRF_COOKIE, window.location.protocol === 'https:'));
    if (token) headers[CSRF_HEADER] = token;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? timeoutFor(options.kind ?? 'default'),
  );
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  // Signing in, out or switching user makes the page's early answers another session's.
  if (method !== 'GET' && path.startsWith('/auth/')) dropFirstReads();

  let response: Response;
  const sentAt = Date.now();
  let early: Response | null = null;
  try {
    // The field site's page may have asked already (docs/decisions/0063-the-field-page-first-reads-start-from-its-html.md).
    early = method === 'GET' ? await takeFirstRead(path, controller.signal) : null;
    response =
      early ??
      (await fetch(path, {
        method,
        headers,
        body: options.raw ? options.raw.body : options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal: controller.signal,
      }));
  } catch (error) {
    if (timedOut) throw new ApiError(0, CLIENT_ERROR_CODES.timeout, 'The request timed out.');
    // A caller's own cancellation (TanStack Query unmounting) must stay an AbortError.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, CLIENT_ERROR_CODES.network, 'Network request failed.');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  // An early answer's round trip is not known here: it would skew the clock's estimate.
  if (!early) observeServerTime(sentAt, Date.now(), response.headers);
  const body = await readBody(response);
  if (!response.ok && !options.answerStatuses?.includes(response.status)) {
    const error = errorFromResponse(response.status, response.statusText, body);
    if (error.status === 401 && !options.ignoreSessionEnd && (error.code === 'session_expired' || error.code === 'unauthenticated')) {
      sessionEndedListener?.(error.code);
    }
    throw error;
  }
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, CLIENT_ERROR_CODES.invalidResponse, `Unexpected answer from ${path}.`);
  }
  return parsed.data;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Shorthands that read like the HTTP verb being sent. */
export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>, options: Omit<RequestOptions<T>, 'method' | 'schema'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET', schema }),
  post: <T>(path: string, body: unknown, schema?: z.ZodType<T>, options: Omit<RequestOptions<T>, 'method' | 'schema' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body, schema }),
  patch: <T>(path: string, body: unknown, schema?: z.ZodType<T>, options: Omit<RequestOptions<T>, 'method' | 'schema' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body, schema }),
  /** PUT of raw bytes (an image): same cookies, CSRF and error handling as the JSON calls. */
  putRaw: <T>(
    path: string,
    raw: { body: Blob; contentType: string },
    schema?: z.ZodType<T>,
    options: Omit<RequestOptions<T>, 'method' | 'schema' | 'body' | 'raw'> = {},
  ) => apiRequest<T>(path, { kind: 'upload', ...options, method: 'PUT', raw, schema }),
  delete: <T>(path: string, schema?: z.ZodType<T>, options: Omit<RequestOptions<T>, 'method' | 'schema'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', schema }),
};
