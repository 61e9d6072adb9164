import { COT_MAX_EVENT_BYTES } from './cot-framing';

/** Nesting deeper than this is no CoT a TAK client sends (a GeoChat, the deepest, is five). */
export const COT_MAX_DEPTH = 32;

/** The endpoint's limits (docs/decisions/0061-tak-cot-endpoint-first-slice.md); tests shorten the times. */
export interface CotLimits {
  /** A connection that sends nothing for this long is closed; ATAK pings well within it. */
  idleTimeoutMs: number;
  /** An event must be finished this long after its first byte arrived (a slow-loris guard). */
  eventTimeoutMs: number;
  maxEventBytes: number;
  /** Bytes queued for a device that does not read; past this it is dropped rather than buffered. */
  maxQueuedBytes: number;
  maxConnections: number;
  /** How often active emergencies are sent again, as TAK Server repeats them. */
  emergencyRepeatMs: number;
}

export const DEFAULT_COT_LIMITS: CotLimits = {
  idleTimeoutMs: 120_000,
  eventTimeoutMs: 30_000,
  maxEventBytes: COT_MAX_EVENT_BYTES,
  maxQueuedBytes: 1024 * 1024,
  maxConnections: 500,
  emergencyRepeatMs: 5_000,
};
