import type { FastifyBaseLogger } from 'fastify';
import { FixedWindows, type Window } from './fixed-windows';

/**
 * Counts events per key in fixed windows: the one interface every limit counts through (request
 * limits, anonymous reports, setup-code tries, refresh families). In this process the answer is
 * at hand; through Redis it comes back as a promise (docs/decisions/0064-limits-and-previews-shared-between-processes.md).
 */
export interface RateWindows {
  /** Counts one event for `key` at `now` and returns its window as it stands. */
  hit(key: string, now: number): Window | Promise<Window>;
}

/** Where a deployment's limits are counted: each limit asks it for its windows by name. */
export interface RateWindowStore {
  /** The windows of one limit; `name` keeps limits apart where they share a store. */
  windows(name: string, windowMs: number): RateWindows;
  /** Opens what the store needs once the server is ready; failures are the store's to report on `log`. */
  start(log: FastifyBaseLogger): Promise<void>;
  close(): Promise<void>;
}

/** Every limit counted in this process's memory: one server process, or no REDIS_URL. */
export class InProcessRateWindows implements RateWindowStore {
  windows(_name: string, windowMs: number): RateWindows {
    return new FixedWindows(windowMs);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
