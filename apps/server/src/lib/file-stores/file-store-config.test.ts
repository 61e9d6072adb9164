import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { parseFileStoreUrl } from './file-store-config';

describe('FILE_STORE_URL', () => {
  it('keeps files on disk unless told otherwise', () => {
    expect(parseFileStoreUrl(undefined, undefined)).toEqual({ kind: 'disk' });
    expect(parseFileStoreUrl('disk', 'postgres://db/argus')).toEqual({ kind: 'disk' });
  });

  it('keeps them in PostgreSQL only with a PostgreSQL database to keep them in', () => {
    expect(parseFileStoreUrl('postgres', 'postgres://db/argus')).toEqual({ kind: 'postgres' });
    expect(() => loadConfig({ FILE_STORE_URL: 'postgres' })).toThrow(
      'FILE_STORE_URL=postgres keeps files in the PostgreSQL database: set DATABASE_URL too',
    );
  });

  it('reads a bucket, a prefix, an endpoint and a region from an s3:// URL', () => {
    expect(parseFileStoreUrl('s3://evidence/argus/main/?endpoint=http://127.0.0.1:7480&region=eu-west-1', undefined)).toEqual({
      kind: 's3',
      bucket: 'evidence',
      prefix: 'argus/main/',
      endpoint: 'http://127.0.0.1:7480',
      region: 'eu-west-1',
    });
    expect(parseFileStoreUrl('s3://evidence', undefined)).toEqual({
      kind: 's3',
      bucket: 'evidence',
      prefix: '',
      endpoint: undefined,
      region: undefined,
    });
  });

  it('refuses anything else with what to write instead', () => {
    expect(() => loadConfig({ FILE_STORE_URL: '/mnt/share' })).toThrow('FILE_STORE_URL must be disk, postgres or s3://bucket[/prefix]');
    expect(parseFileStoreUrl('s3://bucket?endpoint=ftp://x', undefined)).toBe(
      'FILE_STORE_URL: endpoint must be an http:// or https:// URL',
    );
  });
});
