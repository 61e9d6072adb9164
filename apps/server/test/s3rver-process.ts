import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** s3rver's fixed credentials: it checks signatures made with them. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export interface S3rverProcess {
  /** Where the S3 API answers, for FILE_STORE_URL's endpoint. */
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * s3rver (an S3 API emulator storing on disk) as a process of its own on a free port, with one
 * bucket, for the file-store contract: the S3 store speaks HTTP to it as it would to a real server.
 * An emulator, not AWS: what it accepts, AWS may still refuse.
 */
export function startS3rver(bucket = 'argus-test'): Promise<S3rverProcess> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-s3rver-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('s3rver/bin/s3rver.js'), '-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', '--configure-bucket', bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(directory, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (\S+):(\d+)/);
      if (match) resolve({ endpoint: `http://${match[1]}:${match[2]}`, bucket, stop });
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
  });
}
