import type { Channel } from '@argus/contracts/realtime/protocol';
import type { ChannelFrame } from './frames';

/**
 * Resuming a channel. Vocabulary:
 * - seq: a channel's events are numbered one after another. Numbering starts from the time the
 *   channel was first used (milliseconds × 1000), so after a restart (in-process) or a Redis that
 *   lost its data, the new numbers are all above the old ones: a client still holding an old
 *   number is told to reset instead of silently skipping what it missed.
 * - replay: the events a resuming client missed, kept for the last `maxEvents` events of a shared
 *   channel ("units") or `maxEntityEvents` of one entity's ("unit:…"), and at most `maxAgeMs`;
 *   anything older answers a reset and the client refetches over HTTP.
 * - budget: in one process, all channels together keep at most about `maxBytes`. Ten thousand
 *   units reporting twice a second would otherwise fill gigabytes; over budget, the window kept
 *   shrinks (and grows back once there is room), so resuming falls back to reset sooner.
 */
export interface ReplayLimits {
  maxEvents: number;
  maxEntityEvents: number;
  maxAgeMs: number;
  maxBytes: number;
}

export const DEFAULT_REPLAY_LIMITS: ReplayLimits = {
  maxEvents: 1000,
  maxEntityEvents: 100,
  maxAgeMs: 15 * 60_000,
  maxBytes: 64 * 1024 * 1024,
};

/** How many events a channel keeps: per-entity channels are many, so each keeps fewer. */
export function capacityOf(channel: Channel, limits: ReplayLimits): number {
  return channel.includes(':') ? limits.maxEntityEvents : limits.maxEvents;
}

/** The seq a channel's numbering starts after. */
export const seqBase = (now: number) => now * 1000;

/** What a subscription starts from: the frames missed (maybe none) and the channel's current seq, or a reset. */
export type Replay = { kind: 'frames'; seq: number; frames: ChannelFrame[] } | { kind: 'reset'; seq: number };

/** A kept event: its frame and when it was published. */
export interface KeptFrame {
  frame: ChannelFrame;
  at: number;
}

/**
 * Decides a resume from what the log holds: `kept` are the newest frames of the channel, oldest
 * first, ending at `current`. The same judgement serves the in-process log and Redis.
 */
export function judgeReplay(
  current: number,
  since: number | undefined,
  kept: readonly KeptFrame[],
  now: number,
  limits: ReplayLimits,
): Replay {
  if (since === undefined || since === current) return { kind: 'frames', seq: current, frames: [] };
  if (since > current) return { kind: 'reset', seq: current };
  const missed = current - since;
  const tail = kept.slice(Math.max(0, kept.length - missed));
  const first = tail[0];
  if (tail.length < missed || !first || first.frame.seq !== since + 1 || first.at < now - limits.maxAgeMs)
    return { kind: 'reset', seq: current };
  return { kind: 'frames', seq: current, frames: tail.map((entry) => entry.frame) };
}

/**
 * One channel's numbering and its newest frames. Frames are appended to an array whose oldest
 * part is skipped by `head` and cut off now and then, so keeping a frame costs O(1) amortised
 * and a quiet channel holds no more than it has seen. Methods that forget frames answer how
 * many characters they freed.
 */
class ChannelLog {
  private entries: KeptFrame[] = [];
  private head = 0;

  constructor(
    public seq: number,
    private readonly capacity: number,
  ) {}

  keep(entry: KeptFrame): number {
    this.entries.push(entry);
    let freed = 0;
    if (this.entries.length - this.head > this.capacity) freed = this.entries[this.head++]!.frame.text.length;
    this.compact();
    return freed;
  }

  /** The newest `count` frames, oldest first. */
  newest(count: number): KeptFrame[] {
    return this.entries.slice(Math.max(this.head, this.entries.length - count));
  }

  /** Forgets frames older than `cutoff`; the numbering stays. */
  prune(cutoff: number): number {
    let freed = 0;
    while (this.head < this.entries.length && this.entries[this.head]!.at < cutoff) freed += this.entries[this.head++]!.frame.text.length;
    this.compact();
    return freed;
  }

  private compact(): void {
    if (this.head === this.entries.length) {
      this.entries = [];
      this.head = 0;
    } else if (this.head >= this.capacity) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}

const MIN_WINDOW_MS = 1000;
const PRUNE_STEP_MS = 100;

/** The in-process numbering and replay log of every channel. */
export class ReplayLog {
  private readonly channels = new Map<Channel, ChannelLog>();
  /** Characters of frame text kept, over all channels (near enough to bytes: frames are mostly ASCII). */
  private kept = 0;
  /** How far back frames are kept now: maxAgeMs, or less while over budget. */
  private windowMs: number;
  /** The cutoff of the last pass over every channel. */
  private prunedTo = -Infinity;

  constructor(private readonly limits: ReplayLimits = DEFAULT_REPLAY_LIMITS) {
    this.windowMs = limits.maxAgeMs;
  }

  /** Numbers one event on a channel and keeps its frame; `frame` builds the text for the seq given. */
  append(channel: Channel, at: number, frame: (seq: number) => string): ChannelFrame {
    const log = this.logOf(channel, at);
    log.seq += 1;
    const built: ChannelFrame = { channel, seq: log.seq, text: frame(log.seq) };
    this.kept += built.text.length - log.keep({ frame: built, at });
    if (this.kept > this.limits.maxBytes) this.shrinkWindow(at);
    return built;
  }

  /**
   * What a subscriber missed. A channel nobody has used yet starts its numbering here, so the
   * seq a first subscriber is given is the one the channel's first event follows.
   */
  read(channel: Channel, since: number | undefined, now: number): Replay {
    const log = this.logOf(channel, now);
    const wanted = since === undefined ? 0 : Math.max(0, Math.min(log.seq - since, capacityOf(channel, this.limits)));
    return judgeReplay(log.seq, since, log.newest(wanted), now, this.limits);
  }

  /** Drops frames past the window so idle channels hold no memory but their number; widens it again when there is room. */
  prune(now: number): void {
    if (this.kept < this.limits.maxBytes / 2) this.windowMs = Math.min(this.limits.maxAgeMs, this.windowMs * 2);
    this.pruneAll(now - this.windowMs, true);
  }

  /** Characters of frame text kept over all channels. */
  get keptSize(): number {
    return this.kept;
  }

  /** Over budget: first forget what has aged out of the window, then halve the window until within. */
  private shrinkWindow(now: number): void {
    this.pruneAll(now - this.windowMs);
    while (this.kept > this.limits.maxBytes && this.windowMs > MIN_WINDOW_MS) {
      this.windowMs = Math.max(MIN_WINDOW_MS, this.windowMs / 2);
      this.pruneAll(now - this.windowMs);
    }
  }

  /**
   * One pass over every channel. While over budget every append asks for one, so a pass whose
   * cutoff has hardly moved since the last is skipped: it would find almost nothing to drop.
   */
  private pruneAll(cutoff: number, always = false): void {
    if (!always && cutoff < this.prunedTo + PRUNE_STEP_MS) return;
    this.prunedTo = cutoff;
    for (const log of this.channels.values()) this.kept -= log.prune(cutoff);
  }

  private logOf(channel: Channel, now: number): ChannelLog {
    let log = this.channels.get(channel);
    if (!log) {
      log = new ChannelLog(seqBase(now), capacityOf(channel, this.limits));
      this.channels.set(channel, log);
    }
    return log;
  }
}
