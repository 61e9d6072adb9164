import { createDatabase } from '../src/db/database';

/**
 * One process that opens (and so migrates) the database its environment names, then exits:
 * the migration-lock test starts several at once on one fresh database.
 */
const db = await createDatabase({ dataDir: process.env.DATA_DIR ?? '', databaseUrl: process.env.DATABASE_URL || undefined });
await db.close();
process.stdout.write('migrated\n');
