import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROLES, isRole } from '@argus/contracts/roles';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock } from './lib/clock';
import { AppError } from './lib/app-error';
import { SYSTEM_CONTEXT } from './features/audit/audit.log';
import { CreateUserRequest } from '@argus/contracts/http/users';
import { AuditSignedHead } from '@argus/contracts/http/audit';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { BackupError, backUpDataDir } from './features/backups/backup';
import { RestoreError, restoreDataDir } from './features/backups/restore';

const USAGE = `Usage: npm run cli -- <command> [options]

  user add --email E --full-name N --role R --password P
  user list
  user deactivate --email E
  user set-role --email E --role R
  audit verify [--head F]  walk the hash chain and its signed checkpoints; F: an exported head
                           that the chain must still hold
  audit head       the chain's head, signed, as JSON to keep off this machine:
                   npm run --silent cli -- audit head > head.json
  evidence verify  re-hash every stored evidence file and walk every custody chain
  keys rotate      the next signing key starts signing; tokens already issued stay valid
  backup <folder>  a consistent copy of the SQLite database and every stored file, with the server
                   running, into a new or empty folder (PostgreSQL: see README, Backups)
  restore <folder> [--force]
                   check a backup against its manifest and put it in DATA_DIR, with the server
                   stopped; --force replaces what a non-empty DATA_DIR holds

Roles: ${ROLES.join(', ')}`;

class UsageError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`Missing --${name}.`);
  return value;
}

function role(value: string) {
  if (!isRole(value)) throw new UsageError(`Unknown role "${value}". Roles: ${ROLES.join(', ')}.`);
  return value;
}

function readExportedHead(file: string): AuditSignedHead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON; export a head with "npm run --silent cli -- audit head > head.json".`);
  }
  const parsed = AuditSignedHead.safeParse(json);
  if (!parsed.success)
    throw new UsageError(
      `${file} is not an exported audit head: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** Administration from the shell, against the same database and rules as the API. */
async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'full-name': { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      head: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  // Backup and restore work on the data folder itself: restore before anything opens its database.
  if (positionals[0] === 'backup' || positionals[0] === 'restore') return backupOrRestore(positionals, values.force === true, config);
  // Loaded here, not above: a backup taken beside a busy server need not compile the whole server first.
  const [{ createDatabase }, { createServices }] = await Promise.all([import('./db/database'), import('./services')]);
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const services = createServices(config, db, systemClock);
  try {
    await services.audit.adoptChainIfNewKey();
    switch (command) {
      case 'user add': {
        const parsed = CreateUserRequest.safeParse({
          email: required(values, 'email'),
          full_name: required(values, 'full-name'),
          role: role(required(values, 'role')),
          password: required(values, 'password'),
        });
        if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join(' '));
        const user = await services.users.create(parsed.data, OPERATOR, SYSTEM_CONTEXT);
        console.log(`Created ${user.email} (${user.role}).`);
        return 0;
      }
      case 'user list': {
        for (const user of await services.users.list()) {
          console.log([user.email, user.role, user.is_active ? 'active' : 'inactive', user.full_name].join('\t'));
        }
        return 0;
      }
      case 'user deactivate': {
        const user = await services.users.deactivateByEmail(required(values, 'email'), OPERATOR, SYSTEM_CONTEXT);
        console.log(`Deactivated ${user.email}.`);
        return 0;
      }
      case 'user set-role': {
        const user = await services.users.setRoleByEmail(
          required(values, 'email'),
          role(required(values, 'role')),
          OPERATOR,
          SYSTEM_CONTEXT,
        );
        console.log(`${user.email} is now ${user.role}.`);
        return 0;
      }
      case 'audit verify': {
        const head = typeof values.head === 'string' ? readExportedHead(values.head) : undefined;
        const result = await services.audit.verify({ head });
        if (result.brokenAt === null) {
          const signed = result.signedUpTo === null ? 'no signed checkpoint yet' : `signed up to entry ${result.signedUpTo}`;
          const held = head ? `; the exported head (entry ${head.seq}) is in the chain` : '';
          console.log(`Audit chain intact: ${result.checked} entries verified, ${signed}${held}.`);
          return 0;
        }
        console.error(`Audit chain broken at entry ${result.brokenAt}: ${result.reason}.`);
        return 1;
      }
      case 'audit head': {
        console.log(JSON.stringify(await services.audit.signedHead(), null, 2));
        return 0;
      }
      case 'evidence verify': {
        let checked = 0;
        let broken = 0;
        for await (const result of services.evidence.verifyAll()) {
          checked += 1;
          if (result.verified) continue;
          broken += 1;
          for (const problem of result.problems) console.error(`Evidence ${result.itemId}: ${problem}.`);
        }
        if (broken === 0) {
          console.log(`Evidence intact: ${checked} items verified (files re-hashed, custody chains walked).`);
          return 0;
        }
        console.error(`${broken} of ${checked} evidence items do not verify.`);
        return 1;
      }
      case 'keys rotate': {
        await services.keys.rotate();
        const { keys } = await services.keys.jwks();
        console.log(`Rotated the access token signing key; ${keys.length} keys are published.`);
        return 0;
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await db.close();
  }
}

async function backupOrRestore([command, folder, ...rest]: string[], force: boolean, config: Config): Promise<number> {
  if (!folder || rest.length > 0)
    throw new UsageError(`Usage: npm run cli -- ${command} <folder>${command === 'restore' ? ' [--force]' : ''}`);
  if (config.databaseUrl)
    throw new UsageError(`DATABASE_URL is set: back up PostgreSQL with pg_dump, then copy ${config.dataDir}'s files (README, Backups).`);
  // The files are not under DATA_DIR then, so a backup of the folder alone would lack them.
  if (config.fileStore.kind !== 'disk')
    throw new UsageError(
      `FILE_STORE_URL keeps the files in ${config.fileStore.kind}: copy the database, then the bucket (README, Backups).`,
    );
  const target = path.resolve(folder);
  if (command === 'backup') {
    const { files, bytes } = await backUpDataDir(config.dataDir, target);
    console.log(`Backed up ${config.dataDir} to ${target}: ${files} files, ${bytes} bytes, listed with their SHA-256 in manifest.json.`);
    return 0;
  }
  const { files } = await restoreDataDir(target, config.dataDir, { force });
  console.log(`Restored ${files} files from ${target} into ${config.dataDir}; every one matched the manifest.`);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof BackupError ||
      error instanceof RestoreError
    ) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
