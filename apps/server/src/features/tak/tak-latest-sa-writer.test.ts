import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CotMessage } from './cot-reading';
import { LatestSaWriter, type SaStore, type SavedPositions } from './tak-latest-sa-writer';

type Sa = Extract<CotMessage, { kind: 'sa' }>;
const log = { debug: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const sa = (uid: string, lat: number): Sa => ({
  kind: 'sa',
  uid,
  type: 'a-f-G-U-C',
  callsign: uid,
  lat,
  lon: 0,
  speed: null,
  course: null,
  battery: null,
  time: 0,
  xml: '',
});

const landed = { landed: false, reason: 'test' } as const;

/** A database whose commits finish only when the test says; a commit saves a batch of positions. */
function slowStore() {
  const written: string[] = [];
  const commits: number[] = [];
  const inFlight: (() => void)[] = [];
  const store: SaStore = {
    saveAll: (sas) =>
      new Promise<SavedPositions>((resolve) =>
        inFlight.push(() => {
          written.push(...sas.map((message) => `${message.uid}@${message.lat}`));
          commits.push(sas.length);
          resolve({ land: () => Promise.resolve(landed) });
        }),
      ),
    saveOne: () => Promise.reject(new Error('not expected')),
  };
  const commitOne = async () => {
    while (inFlight.length === 0) await new Promise((resolve) => setImmediate(resolve));
    inFlight.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { written, commits, store, commitOne };
}

describe('positions written behind the stream', () => {
  it('writes only the newest position of a contact that reports faster than the database commits', async () => {
    const store = slowStore();
    const writer = new LatestSaWriter(store.store);
    writer.submit(sa('A', 1), null, log);
    for (let lat = 2; lat <= 5; lat += 1) writer.submit(sa('A', lat), null, log);
    writer.submit(sa('B', 1), null, log);
    const settled = writer.settled();
    await store.commitOne();
    await store.commitOne();
    await settled;
    expect(store.written).toEqual(['A@1', 'A@5', 'B@1']);
    // The second pass (A's newest, B) was one commit.
    expect(store.commits).toEqual([1, 2]);
  });

  it('settles once what came before is written, however many positions come after', async () => {
    const store = slowStore();
    const writer = new LatestSaWriter(store.store);
    writer.submit(sa('A', 1), null, log);
    let settled = false;
    void writer.settled().then(() => (settled = true));
    // Positions keep coming from other devices while the first is being written.
    for (let index = 0; index < 3; index += 1) {
      writer.submit(sa(`X${index}`, index), null, log);
      await store.commitOne();
    }
    expect(settled).toBe(true);
    expect(store.written[0]).toBe('A@1');
  });

  it('saves the positions waiting in one commit per hundred uids', async () => {
    const store = slowStore();
    const writer = new LatestSaWriter(store.store);
    for (let index = 0; index < 250; index += 1) writer.submit(sa(`U${index}`, 1), null, log);
    const settled = writer.settled();
    for (let commit = 0; commit < 4; commit += 1) await store.commitOne();
    await settled;
    expect(store.commits).toEqual([1, 100, 100, 49]);
  });

  it('saves a batch that failed one position at a time, logs the bad one and goes on with the next', async () => {
    const written: string[] = [];
    const writer = new LatestSaWriter({
      saveAll: async (sas) => {
        if (sas.some((message) => message.uid === 'bad')) throw new Error('refused');
        written.push(...sas.map((message) => message.uid));
        return { land: () => Promise.resolve(landed) };
      },
      saveOne: async (message) => {
        if (message.uid === 'bad') throw new Error('refused');
        written.push(message.uid);
        return landed;
      },
    });
    writer.submit(sa('first', 1), null, log);
    writer.submit(sa('bad', 1), null, log);
    writer.submit(sa('good', 1), null, log);
    await writer.settled();
    expect(written).toEqual(['first', 'good']);
  });
});
