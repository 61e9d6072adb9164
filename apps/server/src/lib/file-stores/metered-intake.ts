import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { DEFAULT_HEAD_BYTES, FileTooLargeError, UploadCutOffError, type PutStreamOptions } from '../file-store';

/** What an intake learnt of the bytes that went through it. */
export interface IntakeFacts {
  sha256: string;
  size: number;
  head: Buffer;
}

/**
 * Runs an upload through a meter that counts, hashes and inspects its bytes on their way to `sink`, which
 * writes them somewhere temporary; the store then files them under their hash. One rule for every store:
 * too large, refused by `inspect`, cut off or failed in the sink, and `discard` removes what was written.
 */
export async function meteredIntake(
  source: Readable,
  { maxBytes, headBytes = DEFAULT_HEAD_BYTES, inspect }: PutStreamOptions,
  sink: (bytes: Readable) => Promise<void>,
  discard: () => Promise<void>,
): Promise<IntakeFacts> {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let inspected = false;
  let size = 0;
  const runInspect = async () => {
    inspected = true;
    if (inspect) await inspect(Buffer.concat(headChunks, headLength));
  };
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      if (!inspected) {
        const wanted = headBytes - headLength;
        const part = chunk.length > wanted ? chunk.subarray(0, wanted) : chunk;
        headChunks.push(Buffer.from(part));
        headLength += part.length;
        if (headLength >= headBytes) {
          runInspect().then(
            () => callback(null, chunk),
            (error: unknown) => callback(error as Error),
          );
          return;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (inspected) return callback();
      runInspect().then(
        () => callback(),
        (error: unknown) => callback(error as Error),
      );
    },
  });
  // The source is piped by hand, not through pipeline(): a refused upload must leave the request
  // readable (drained, not destroyed) so the refusal can still be answered on its connection.
  const written = sink(meter);
  const cutOff = () => {
    if (!source.readableEnded) meter.destroy(new UploadCutOffError());
  };
  source.on('error', cutOff);
  source.on('close', cutOff);
  source.pipe(meter);
  try {
    await written;
    // A sink that stopped reading early must not pass for a whole file.
    if (!meter.readableEnded) throw new UploadCutOffError();
    return { sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks, headLength) };
  } catch (error) {
    source.unpipe(meter);
    source.resume();
    meter.destroy();
    await discard();
    throw error;
  } finally {
    source.off('error', cutOff);
    source.off('close', cutOff);
  }
}
