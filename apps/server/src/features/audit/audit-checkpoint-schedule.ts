import type { AuditLog } from './audit.log';

/** How often a running server signs the head when it has moved since the last checkpoint. */
export const CHECKPOINT_INTERVAL_MS = 60_000;

/**
 * Between the checkpoints every hundredth entry gets, the newest entries are covered by none: the
 * server signs the head a minute after it moves and once more as it shuts down, so that window
 * stays short. A failure is reported, never thrown: a checkpoint missed is made at the next tick.
 */
export function scheduleAuditCheckpoints(audit: AuditLog, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  const checkpoint = () => audit.checkpoint().then(() => undefined, onError);
  return {
    async start(): Promise<void> {
      await audit.adoptChainIfNewKey().catch(onError);
      timer = setInterval(() => void checkpoint(), CHECKPOINT_INTERVAL_MS).unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await checkpoint();
    },
  };
}
