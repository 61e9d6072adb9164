import { z } from 'zod';
import { SITE_TYPES } from '../sites';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.enum(['up', 'down']),
  time: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** `/health/live`: the process runs and answers; says nothing of the database. */
export const LivenessResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
  time: z.number(),
});
export type LivenessResponse = z.infer<typeof LivenessResponse>;

const Threshold = z.object({ value: z.number().nullable(), threshold: z.number(), breached: z.boolean() });

export const StatusResponse = z.object({
  name: z.string(),
  version: z.string(),
  site: z.enum(SITE_TYPES),
  uptimeSeconds: z.number(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), reachable: z.boolean() }),
  window: z.object({
    seconds: z.number(),
    requests: z.number(),
    errorRate: Threshold,
    responseTimeP95Ms: Threshold,
    uptime: Threshold,
  }),
  breached: z.array(z.enum(['errorRate', 'responseTime', 'uptime'])),
});
export type StatusResponse = z.infer<typeof StatusResponse>;
