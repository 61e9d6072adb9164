import type { Page } from 'playwright-core';
import { CSRF_COOKIE, CSRF_HEADER } from '@argus/contracts/http/auth';

/** What the API answered: the status and the JSON body (null when the body is empty). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped unless asked: many tests only read the body back in assertions
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/**
 * A call to the API from inside a signed-in page, as the app makes it: the page's session
 * cookie, and the CSRF header (read from the page's CSRF cookie) that a state change needs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ApiAnswer
export function callApi<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body, cookie, header }) => {
      const csrf = document.cookie
        .split('; ')
        .find((item) => item.startsWith(`${cookie}=`))
        ?.slice(cookie.length + 1);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (csrf) headers[header] = decodeURIComponent(csrf);
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body, cookie: CSRF_COOKIE, header: CSRF_HEADER },
  );
}

/** callApi for a test's set-up steps: the body of a 2xx answer, or an error saying what the server answered. */
export async function callApiOk<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
