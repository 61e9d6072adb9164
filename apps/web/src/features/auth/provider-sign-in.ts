import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';

/** Where the verifier waits while the browser visits the provider; this tab only. */
const VERIFIER_KEY = 'argus.oauth.verifier';
const FROM_KEY = 'argus.oauth.from';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** RFC 7636: a 43-character verifier and its S256 challenge. */
export async function newPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** Sends the browser to the provider through Argus; it comes back to /login with a code. */
export async function startProviderSignIn(provider: string, from: string | null): Promise<void> {
  const { verifier, challenge } = await newPkcePair();
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  if (from) sessionStorage.setItem(FROM_KEY, from);
  else sessionStorage.removeItem(FROM_KEY);
  const query = new URLSearchParams({
    provider,
    redirect_to: `${window.location.origin}/login`,
    code_challenge: challenge,
    code_challenge_method: 's256',
  });
  window.location.assign(`${TOKEN_API_PREFIX}/authorize?${query}`);
}

/** The verifier of the flow this tab started, once: a second read finds nothing. */
export function takeProviderFlow(): { verifier: string | null; from: string | null } {
  const verifier = sessionStorage.getItem(VERIFIER_KEY);
  const from = sessionStorage.getItem(FROM_KEY);
  sessionStorage.removeItem(VERIFIER_KEY);
  sessionStorage.removeItem(FROM_KEY);
  return { verifier, from };
}
