import { describe, expect, it } from 'vitest';
import { newPkcePair } from './provider-sign-in';

describe('newPkcePair', () => {
  it('makes a 43-character verifier and its S256 challenge, fresh each time', async () => {
    const first = await newPkcePair();
    const second = await newPkcePair();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.verifier).not.toBe(second.verifier);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(first.verifier));
    expect(Buffer.from(digest).toString('base64url')).toBe(first.challenge);
  });
});
