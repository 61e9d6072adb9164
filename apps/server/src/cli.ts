import { parseArgs } from 'node:util';
import { ROLES, isRole } from '@argus/contracts/roles';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { AppError } from './lib/app-error';
import { SYSTEM_CONTEXT } from './features/audit/audit.log';
import { CreateUserRequest } from '@argus/contracts/http/users';
import { createServices } from './services';

const USAGE = `Usage: npm run cli -- <command> [options]

  user add --email E --full-name N --role R --password P
  user list
  user deactivate --email E
  user set-role --email E --role R
  audit verify
  evidence verify  re-hash every stored evidence file and walk every custody chain
  keys rotate      the next signing key starts signing; tokens already issued stay valid

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
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const services = createServices(config, db, systemClock);
  try {
    switch (command) {
      case 'user add': {
        const parsed = CreateUserRequest.safeParse({
          email: required(values, 'email'),
          full_name: required(values, 'full-name'),
          role: role(required(values, 'role')),
          password: required(values, 'password'),
        });
        if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join(' '));
        const user = await services.users.create(parsed.data, SYSTEM_CONTEXT);
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
        const user = await services.users.deactivateByEmail(required(values, 'email'), SYSTEM_CONTEXT);
        console.log(`Deactivated ${user.email}.`);
        return 0;
      }
      case 'user set-role': {
        const user = await services.users.setRoleByEmail(required(values, 'email'), role(required(values, 'role')), SYSTEM_CONTEXT);
        console.log(`${user.email} is now ${user.role}.`);
        return 0;
      }
      case 'audit verify': {
        const result = await services.audit.verify();
        if (result.brokenAt === null) {
          console.log(`Audit chain intact: ${result.checked} entries verified.`);
          return 0;
        }
        console.error(`Audit chain broken at entry ${result.brokenAt}: ${result.reason}.`);
        return 1;
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

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof AppError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
