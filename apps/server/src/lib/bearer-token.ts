/**
 * The token of an `Authorization: Bearer …` header, or null when the request carries none. The
 * auth plugin, the realtime socket and WHIP/WHEP all read the header here, so a token one accepts
 * is never refused by another for its spelling.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}
