/**
 * A private follow link: the civic site's /track with the token after "#", so the browser never
 * sends it in a request line or a Referer (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 */
export const FOLLOW_PATH = '/track';

/** 32 random bytes in base64url: as unguessable as a session token. */
export function newFollowToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export function followUrl(token: string, origin = window.location.origin): string {
  return `${origin}${FOLLOW_PATH}#${token}`;
}

/** The token of the link this page was opened with, or null when the address holds none. */
export function followTokenFrom(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43,128}$/.test(token) ? token : null;
}
