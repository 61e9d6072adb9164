import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig } from './config';
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
  const { app, shutdown, services } = await buildApp({ config, db });
  for (const warning of configWarnings(config)) app.log.warn(warning);
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
  const setupCode = await services.firstRun.openIfEmpty();
  if (setupCode) printSetupCode(setupCode, `${config.publicUrl}/login`);
}

/**
 * docs/decisions/0045-first-run-setup-code.md: the code goes to the standard output of whoever
 * started the server, outside the logger and never over the network, so only they can claim the install.
 */
function printSetupCode(code: string, loginUrl: string): void {
  process.stdout.write(
    [
      '',
      'Argus has no accounts yet. To create the first administrator, open',
      `  ${loginUrl}`,
      'and enter this one-time setup code:',
      '',
      `  ${code}`,
      '',
      '(Or create one here: npm run cli -- user add --role Super_Admin ...)',
      '',
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
