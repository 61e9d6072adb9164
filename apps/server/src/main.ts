import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';

/** Past the drain bound, whatever still holds the process (a stuck close hook) no longer does. */
const EXIT_GRACE_MS = 2_000;

/**
 * Loads config, opens the database, listens, and on SIGINT/SIGTERM drains within
 * SHUTDOWN_TIMEOUT_MS and exits (docs/decisions/0047-health-shutdown-and-built-starts.md).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { app, shutdown } = await buildApp({ config, db });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${config.shutdownTimeoutMs + EXIT_GRACE_MS} ms; exiting.`);
      process.exit(1);
    }, config.shutdownTimeoutMs + EXIT_GRACE_MS).unref();
    await shutdown.close(config.shutdownTimeoutMs);
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
