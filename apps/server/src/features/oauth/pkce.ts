import { createHash } from 'node:crypto';

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const pkceS256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
