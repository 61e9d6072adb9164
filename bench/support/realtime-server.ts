import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { publishAtRate, unitPayload, type BenchCommand } from './pacing';

/**
 * Argus as `main.ts` starts it, plus one bench hook: told over IPC, it publishes unit position
 * events into its own event bus at a fixed rate, exactly as the units service does after a
 * position report commits. Subscribers of "units" receive them through the realtime hub.
 */
const config = loadConfig();
const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const { app, services } = await buildApp({ config, db });
await app.listen({ port: config.port, host: config.host });
process.send!({ type: 'listening' });

process.on('message', (command: BenchCommand) => {
  if (command.type !== 'publish') return;
  void publishAtRate(command.rate, command.count, (index, dueAt) => {
    services.events.publish({ type: 'unit.position', channels: ['units'], data: unitPayload(index, dueAt), priority: 'low' });
  }).then(({ startedAt }) => process.send!({ type: 'published', startedAt }));
});

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
