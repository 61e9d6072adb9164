import { AppError } from './app-error';
import type { Clock } from './clock';

/** The window a field action's time must fall in, relative to the server's clock when it arrives. */
export interface DeviceTimeWindow {
  /** How far ahead of the server a time may be: what the device's offset estimate may still be off by. */
  maxSkewMs: number;
  /** How old a time may be: longer than any dead zone an outbox is expected to ride out. */
  maxAgeMs: number;
}

/** One minute of skew, one day of age (docs/decisions/0042-device-time.md). */
export const DEVICE_TIME_DEFAULTS: DeviceTimeWindow = { maxSkewMs: 60_000, maxAgeMs: 24 * 60 * 60_000 };

/** When a field action happened (the device's word, checked) and when the server received it. */
export interface ActionTimes {
  occurredAt: number;
  receivedAt: number;
}

/**
 * Field actions carry the time they happened on the device, so an action queued in a dead zone
 * keeps the time of the act rather than the time of the signal (docs/decisions/0042-device-time.md).
 * A time outside the window is refused with a 400 before anything is written; no time at all
 * (an old client, a CoT feed, a script) means the receipt time.
 */
export class DeviceTime {
  constructor(
    private readonly clock: Clock,
    private readonly window: DeviceTimeWindow,
  ) {}

  /** Checks occurredAt (epoch ms) against the server's clock now. */
  resolve(occurredAt: number | undefined): ActionTimes {
    const receivedAt = this.clock.now();
    if (occurredAt === undefined) return { occurredAt: receivedAt, receivedAt };
    if (occurredAt > receivedAt + this.window.maxSkewMs) {
      throw new AppError(
        'validation_failed',
        `occurredAt is ${formatSpan(occurredAt - receivedAt)} ahead of the server's clock; at most ${formatSpan(this.window.maxSkewMs)} is accepted. Check the device's clock.`,
      );
    }
    if (occurredAt < receivedAt - this.window.maxAgeMs) {
      throw new AppError(
        'validation_failed',
        `occurredAt is ${formatSpan(receivedAt - occurredAt)} old; actions older than ${formatSpan(this.window.maxAgeMs)} are not accepted.`,
      );
    }
    return { occurredAt, receivedAt };
  }
}

/** A span in the largest whole unit that reads naturally: "90 s", "5 min", "26 h". */
function formatSpan(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}
