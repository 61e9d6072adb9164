import { describe, expect, it } from 'vitest';
import { isChunkLoadError, messageOf } from './chunk-errors';

describe('isChunkLoadError', () => {
  it('recognises the chunk-load failures of Chromium, Firefox, Safari and bundlers', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module: https://localhost/assets/CommandPage-abc.js')).toBe(true);
    expect(isChunkLoadError('error loading dynamically imported module: https://localhost/assets/x.js')).toBe(true);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(true);
    expect(isChunkLoadError('Loading chunk 42 failed.')).toBe(true);
    expect(isChunkLoadError('Loading CSS chunk settings failed')).toBe(true);
    expect(isChunkLoadError('ChunkLoadError: Loading chunk 7 failed.')).toBe(true);
    expect(isChunkLoadError('Unable to preload CSS for /assets/index.css')).toBe(true);
  });

  it('keeps real errors', () => {
    expect(isChunkLoadError("Cannot read properties of undefined (reading 'map')")).toBe(false);
    expect(isChunkLoadError('Failed to fetch')).toBe(false);
    expect(isChunkLoadError('Module not found')).toBe(false);
    expect(isChunkLoadError('')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('messageOf', () => {
  it('reads Errors, strings and plain values', () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ code: 1 })).toBe('{"code":1}');
    expect(messageOf(undefined)).toBe('undefined');
  });
});
