import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/database';

/**
 * One Argus server process for the multi-process realtime tests: configured entirely from its
 * environment (a shared database and REDIS_URL), it listens on a free port and prints it.
 */
const config = loadConfig();
const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const { app } = await buildApp({ config, db });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
