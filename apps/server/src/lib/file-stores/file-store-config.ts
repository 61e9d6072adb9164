/** Where stored files live (FILE_STORE_URL; docs/decisions/0055-shared-file-storage.md). */
export type FileStoreConfig =
  | { kind: 'disk' }
  | { kind: 'postgres' }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every object name ("argus/" for s3://bucket/argus). */
      prefix: string;
      /** An S3-compatible server's address; unset: AWS (or AWS_ENDPOINT_URL_S3, which the SDK reads itself). */
      endpoint: string | undefined;
      region: string | undefined;
    };

/**
 * Reads FILE_STORE_URL: unset or "disk" for files under DATA_DIR (one machine); "postgres" for the database
 * DATABASE_URL names; "s3://bucket[/prefix][?endpoint=http://host:port&region=…]" for S3-compatible storage,
 * with credentials from the environment as AWS's SDK reads them. Returns a problem to report instead of a
 * config when the value cannot work.
 */
export function parseFileStoreUrl(value: string | undefined, databaseUrl: string | undefined): FileStoreConfig | string {
  if (value === undefined || value === 'disk') return { kind: 'disk' };
  if (value === 'postgres') {
    return databaseUrl ? { kind: 'postgres' } : 'FILE_STORE_URL=postgres keeps files in the PostgreSQL database: set DATABASE_URL too';
  }
  if (!value.startsWith('s3://') || !URL.canParse(value)) return 'FILE_STORE_URL must be disk, postgres or s3://bucket[/prefix]';
  const url = new URL(value);
  if (!url.hostname) return 'FILE_STORE_URL: name the bucket, s3://bucket[/prefix]';
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) return 'FILE_STORE_URL: endpoint must be an http:// or https:// URL';
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') ?? undefined,
  };
}
