import type { FastifyBaseLogger } from 'fastify';
import type { CotMessage } from './cot-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import type { Landing } from './tak.service';

type Sa = Extract<CotMessage, { kind: 'sa' }>;

interface Pending {
  sa: Sa;
  device: DeviceIdentity | null;
  log: FastifyBaseLogger;
}

/** A pass of positions saved, with what the save read back of their contacts. */
export interface SavedPositions {
  /** What a saved position then does: its unit moved when bound, command told of the contact. */
  land(sa: Sa, device: DeviceIdentity | null): Promise<Landing>;
}

/** Where the writer puts positions: saved many at a time, then each landed (tak.service.ts). */
export interface SaStore {
  /** Saves the contacts' rows in one commit. */
  saveAll(sas: readonly Sa[]): Promise<SavedPositions>;
  /** Saves one contact's row and lands it: the way one position goes when its batch could not be saved. */
  saveOne(sa: Sa, device: DeviceIdentity | null): Promise<Landing>;
}

/** Positions saved in one statement: a commit each, not one per uid; bounded to keep the statement small. */
const BATCH = 100;

/** Uids waiting to be written past which a connection waits for the writer (one sending many uids). */
export const MAX_PENDING_SA = 10_000;

/**
 * Devices' positions written behind the stream (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md).
 * A PLI is relayed to the other devices at once, and its contact (and bound unit) written here,
 * latest first: a device that reports faster than the database commits has only its newest
 * position written, as TAK Server itself keeps only the latest SA of each contact. Writes go one
 * at a time, in passes over the uids waiting; `settled` lets an event that depends on a position
 * (a chat or alert of a contact just heard, a ping answered only once everything before it is
 * done) wait for every position submitted before it, and no longer: later ones do not starve it.
 */
export class LatestSaWriter {
  private pending = new Map<string, Pending>();
  private running = false;
  /** Waiters for the pass after the one under way. */
  private nextPass: (() => void)[] = [];

  constructor(private readonly store: SaStore) {}

  get size(): number {
    return this.pending.size;
  }

  submit(sa: Sa, device: DeviceIdentity | null, log: FastifyBaseLogger): void {
    // A uid already waiting takes the newer position in its place: no second map write nor a new
    // entry per PLI, which the tak-cot bench's profile had among the stream's larger costs.
    const waiting = this.pending.get(sa.uid);
    if (waiting) {
      waiting.sa = sa;
      waiting.device = device;
      waiting.log = log;
    } else this.pending.set(sa.uid, { sa, device, log });
    if (!this.running) void this.drain();
  }

  /** Resolves once every position submitted before this call is written (or failed, logged). */
  settled(): Promise<void> {
    if (!this.running && this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.nextPass.push(resolve));
  }

  private async drain(): Promise<void> {
    this.running = true;
    // A waiter that came during a pass may depend on a position submitted after that pass took its
    // uids: it is resolved at the end of the next pass, which has them.
    while (this.pending.size > 0 || this.nextPass.length > 0) {
      const pass = [...this.pending.values()];
      this.pending = new Map();
      const due = this.nextPass;
      this.nextPass = [];
      for (let at = 0; at < pass.length; at += BATCH) await this.writeBatch(pass.slice(at, at + BATCH));
      for (const resolve of due) resolve();
    }
    this.running = false;
  }

  /**
   * Each commit blocks the process (SQLite's fsync): the streams' reads go first, so a busy stream
   * is read and relayed between commits and its positions coalesce meanwhile. The profile of the
   * tak-cot bench had one commit per uid taking most of the stream's time; a batch is one commit.
   */
  private async writeBatch(batch: readonly Pending[]): Promise<void> {
    await yieldToSockets();
    let saved: SavedPositions | null = null;
    try {
      saved = await this.store.saveAll(batch.map(({ sa }) => sa));
    } catch (error) {
      // One bad row must not cost the others: each is saved on its own, its failure its own.
      batch[0]!.log.warn({ err: error, positions: batch.length }, 'a batch of positions could not be saved; saving them one by one');
    }
    for (const { sa, device, log } of batch) {
      await yieldToSockets();
      try {
        const landing = saved ? await saved.land(sa, device) : await this.store.saveOne(sa, device);
        log.debug({ uid: sa.uid, kind: sa.kind, ...landing }, 'CoT event');
      } catch (error) {
        log.warn({ err: error, uid: sa.uid, kind: sa.kind }, 'CoT event not applied');
      }
    }
  }
}

function yieldToSockets(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
