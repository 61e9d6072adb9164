import { z } from 'zod';
import { PRODUCT_VERSION } from '../product';

/** docs/specification.md section 3: the stream message envelope, plus a per-channel sequence number. */
export const PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const StreamMessage = z.object({
  type: z.string().min(1).max(64),
  data: z.unknown(),
  priority: z.enum(PRIORITIES).default('normal'),
  timestamp: z.number(),
  origin: z.string(),
  source: z.string(),
  version: z.literal(PRODUCT_VERSION),
  messageId: z.string(),
  channel: z.string().optional(),
  seq: z.number().int().nonnegative().optional(),
});
export type StreamMessage = z.infer<typeof StreamMessage>;
