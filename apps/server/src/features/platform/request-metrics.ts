/**
 * A rolling window of request outcomes and health samples, kept in memory per
 * process, from which /status judges the alert thresholds of docs/specification.md.
 *
 * Every API request records here, so recording is O(1) and allocates nothing: the window is a
 * ring of ten-second slots, each with counts and a latency histogram whose bins grow by 5%.
 * The p95 it reports is the upper edge of the bin it falls in, never more than 5% high.
 */
export interface WindowFigures {
  requests: number;
  errorRate: number | null;
  responseTimeP95Ms: number | null;
  uptime: number | null;
}

const SLOT_MS = 10_000;
const BIN_GROWTH = 1.05;
/** Bin 0 holds everything under 1 ms; the last bin everything from about 10 minutes up. */
const BIN_COUNT = 1 + Math.ceil(Math.log(600_000) / Math.log(BIN_GROWTH));

function binOf(durationMs: number): number {
  if (!(durationMs >= 1)) return 0;
  return Math.min(BIN_COUNT - 1, 1 + Math.floor(Math.log(durationMs) / Math.log(BIN_GROWTH)));
}

function upperEdgeOf(bin: number): number {
  return bin === 0 ? 1 : BIN_GROWTH ** bin;
}

interface Slot {
  /** Which ten seconds since the epoch this slot currently counts; -1 when never used. */
  epoch: number;
  requests: number;
  failed: number;
  maxMs: number;
  bins: Uint32Array;
}

export class RequestMetrics {
  private readonly slots: Slot[];
  private health: { at: number; ok: boolean }[] = [];

  constructor(readonly windowMs: number) {
    const count = Math.ceil(windowMs / SLOT_MS);
    this.slots = Array.from({ length: count }, () => ({ epoch: -1, requests: 0, failed: 0, maxMs: 0, bins: new Uint32Array(BIN_COUNT) }));
  }

  record(at: number, durationMs: number, status: number): void {
    const epoch = Math.floor(at / SLOT_MS);
    const slot = this.slots[epoch % this.slots.length]!;
    if (slot.epoch !== epoch) {
      slot.epoch = epoch;
      slot.requests = 0;
      slot.failed = 0;
      slot.maxMs = 0;
      slot.bins.fill(0);
    }
    slot.requests += 1;
    if (status >= 500) slot.failed += 1;
    if (durationMs > slot.maxMs) slot.maxMs = durationMs;
    slot.bins[binOf(durationMs)]! += 1;
  }

  recordHealth(at: number, ok: boolean): void {
    this.health.push({ at, ok });
    if (this.health.length > 1000) this.health.shift();
  }

  figures(now: number): WindowFigures {
    const current = Math.floor(now / SLOT_MS);
    const live = this.slots.filter((slot) => slot.epoch > current - this.slots.length && slot.epoch <= current);
    const requests = live.reduce((sum, slot) => sum + slot.requests, 0);
    const failed = live.reduce((sum, slot) => sum + slot.failed, 0);

    const since = now - this.windowMs;
    this.health = this.health.filter((sample) => sample.at >= since);
    const healthy = this.health.filter((sample) => sample.ok).length;

    return {
      requests,
      errorRate: requests ? failed / requests : null,
      responseTimeP95Ms: requests ? p95(live, requests) : null,
      uptime: this.health.length ? healthy / this.health.length : null,
    };
  }
}

function p95(slots: Slot[], requests: number): number {
  const rank = Math.ceil(requests * 0.95);
  const maxMs = Math.max(...slots.map((slot) => slot.maxMs));
  let seen = 0;
  for (let bin = 0; bin < BIN_COUNT; bin += 1) {
    for (const slot of slots) seen += slot.bins[bin]!;
    if (seen >= rank) return Math.round(Math.min(upperEdgeOf(bin), maxMs) * 10) / 10;
  }
  return maxMs;
}
