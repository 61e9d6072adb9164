import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@argus/contracts/http/auth';

/**
 * A signed-in HTTP client for one Argus account, as a browser would be: the session cookie
 * and the CSRF header on every call. The simulator drives Argus only through its public API.
 */
export class ApiClient {
  private cookies = '';
  private csrf = '';

  private constructor(
    private readonly baseUrl: string,
    private readonly email: string,
    private readonly password: string,
  ) {}

  static async signIn(baseUrl: string, email: string, password: string): Promise<ApiClient> {
    const client = new ApiClient(baseUrl, email, password);
    await client.signIn();
    return client;
  }

  private async signIn(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: this.email, password: this.password }),
    });
    if (!response.ok) throw new Error(`Sign-in of ${this.email} failed: ${response.status} ${await response.text()}`);
    const jar = new Map(response.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]));
    this.cookies = `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}; ${CSRF_COOKIE}=${jar.get(CSRF_COOKIE)}`;
    this.csrf = jar.get(CSRF_COOKIE) ?? '';
  }

  /**
   * A session ends at its absolute limit however active it is (docs/specification.md's session
   * rules), so a client that runs for days signs in again once when told its session is over.
   */
  async request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    let response = await this.send(method, path, body);
    if (response.status === 401) {
      await this.signIn();
      response = await this.send(method, path, body);
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private send(method: string, path: string, body: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookies, [CSRF_HEADER]: this.csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}
