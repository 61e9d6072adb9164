import { z } from 'zod';

/**
 * When an action happened on the device, as ISO 8601 with its offset ("2026-11-27T03:04:05.123Z"),
 * already corrected to the server's clock by the web app's offset estimate
 * (docs/decisions/0042-device-time.md). Optional: old clients, CoT feeds and scripts leave it out
 * and the server's receipt time stands in. Parsed to epoch milliseconds.
 */
export const OccurredAt = z.iso
  .datetime({ offset: true, error: 'occurredAt must be an ISO 8601 date and time, such as 2026-11-27T03:04:05.123Z.' })
  .transform((value) => Date.parse(value));

/** The response header carrying the server's clock (epoch milliseconds), from which a device estimates its offset. */
export const SERVER_TIME_HEADER = 'x-argus-server-time';
