import http from 'node:http';
import Provider from 'oidc-provider';

export const OIDC_CLIENT = { id: 'argus-e2e', secret: 'argus-e2e-client-secret', providerName: 'keycloak' } as const;

/**
 * A real OpenID Provider (the npm `oidc-provider`) with its development login and consent
 * pages, so the browser tests sign in through a provider exactly as a person would.
 * Accounts: the key is both the login name typed on its page and the subject.
 */
export async function startOidcProvider(port: number, argusCallback: string, accounts: Record<string, { email: string }>) {
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [argusCallback],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    findAccount: async (_ctx: unknown, id: string) =>
      accounts[id] ? { accountId: id, claims: async () => ({ sub: id, email: accounts[id]!.email, email_verified: true }) } : undefined,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['an-e2e-cookie-signing-key'] },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
