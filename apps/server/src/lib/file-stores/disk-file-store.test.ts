import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiskFileStore } from './disk-file-store';

/** How long a held open waits at most: only a store that waits for its file to open ever needs it. */
const SLOW_OPEN_MS = 250;

describe('the disk file store', () => {
  const roots: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it("removes a refused upload's part file only once its write stream has closed, so no empty part file stays", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-disk-store-'));
    roots.push(root);
    const incoming = path.join(root, 'incoming');
    // A loaded machine, made certain: the part file's open completes only after the store has
    // tried to remove it (or a while later, when the store waits for the open first). Refused by
    // its first bytes, the upload overtakes the open, and the open then creates the file.
    let tried: () => void = () => {};
    const removal = new Promise<void>((resolve) => (tried = resolve));
    const rm = fsPromises.rm;
    vi.spyOn(fsPromises, 'rm').mockImplementation(async (...args) => {
      await rm(...args);
      tried();
    });
    const open = fs.open;
    const opens: Promise<void>[] = [];
    vi.spyOn(fs, 'open').mockImplementation(((file: fs.PathLike, ...rest: unknown[]) => {
      if (!String(file).startsWith(incoming)) return (open as (...args: unknown[]) => void)(file, ...rest);
      const callback = rest.pop() as (...result: unknown[]) => void;
      opens.push(
        Promise.race([removal, sleep(SLOW_OPEN_MS)]).then(
          () =>
            new Promise<void>((done) =>
              (open as (...args: unknown[]) => void)(file, ...rest, (...result: unknown[]) => (callback(...result), done())),
            ),
        ),
      );
    }) as typeof fs.open);

    const refusal = new Error('not a photo');
    const upload = new DiskFileStore(root).putStream(Readable.from([Buffer.from('plain text, not an image')]), {
      maxBytes: 1024,
      headBytes: 4,
      inspect: () => {
        throw refusal;
      },
    });
    await expect(upload).rejects.toBe(refusal);
    await Promise.all(opens);
    expect(opens).toHaveLength(1);
    expect(fs.readdirSync(incoming)).toEqual([]);
  });
});
