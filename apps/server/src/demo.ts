import { randomBytes } from 'node:crypto';
import { ROLES, ROLE_LABELS } from '@argus/contracts/roles';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { SYSTEM_CONTEXT } from './features/audit/audit.log';
import { hashPassword } from './features/auth/password-hasher';
import { systemClock } from './lib/clock';
import { Scenario } from './simulator/scenario';
import { SCENARIO_PREFIX, SCENARIO_UNITS } from './simulator/scenario-units';
import type { Services } from './services';

/** Creates the account or, when it exists from an earlier run, gives it a fresh password. */
async function ensureAccount(
  services: Services,
  email: string,
  fullName: string,
  role: (typeof ROLES)[number],
  password: string,
): Promise<void> {
  const existing = await services.usersRepository.findByEmail(email);
  if (existing) {
    const password_hash = await hashPassword(password);
    await services.usersRepository.update(existing.id, { password_hash, is_active: 1 }, systemClock.now());
  } else {
    await services.users.create({ email, full_name: fullName, role, password }, OPERATOR, SYSTEM_CONTEXT);
  }
}

/**
 * Starts Argus with one demo account per role and prints their passwords once, then runs the
 * scenario simulator: a dozen units patrolling central London, incidents and civic reports
 * arriving, dispatches progressing. The passwords are random per run, and demo data lives in
 * its own data folder.
 */
async function demo(): Promise<void> {
  const config = loadConfig({ DATA_DIR: './data/demo', ...process.env });
  if (config.env === 'production') {
    console.error('Refusing to run the demo with NODE_ENV=production.');
    process.exit(1);
  }
  const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { app, services } = await buildApp({ config, db });
  const accounts: string[] = [];
  for (const role of ROLES) {
    const email = `${role.toLowerCase().replaceAll('_', '.')}@demo.argus.localhost`;
    const password = `Demo-${randomBytes(9).toString('base64url')}`;
    await ensureAccount(services, email, `Demo ${ROLE_LABELS[role]}`, role, password);
    accounts.push(`  ${ROLE_LABELS[role].padEnd(21)} ${email.padEnd(44)} ${password}`);
  }
  // The simulator acts through the API with accounts of its own, so its work is labelled as such.
  const simulator = {
    command: { email: 'scenario.simulator@demo.argus.localhost', password: `Sim-${randomBytes(12).toString('base64url')}` },
    civic: { email: 'simulated.public@demo.argus.localhost', password: `Sim-${randomBytes(12).toString('base64url')}` },
    crew: { email: 'simulated.crews@demo.argus.localhost', password: `Sim-${randomBytes(12).toString('base64url')}` },
  };
  await ensureAccount(services, simulator.command.email, 'Scenario Simulator', 'Command_Admin', simulator.command.password);
  await ensureAccount(services, simulator.civic.email, 'Simulated Public', 'Civic_Reporter', simulator.civic.password);
  await ensureAccount(services, simulator.crew.email, 'Simulated Crews', 'Field_Unit', simulator.crew.password);
  // The simulated crews message command and press SOS for the scenario's units, and only theirs.
  const crew = (await services.usersRepository.findByEmail(simulator.crew.email))!;
  const existing = await services.unitsRepository.list();
  const existingUnits = new Set(existing.map((unit) => unit.callsign));
  for (const unit of SCENARIO_UNITS.filter((candidate) => !existingUnits.has(candidate.callsign))) {
    await services.units.create({ callsign: unit.callsign, kind: unit.kind, members: [crew.id] });
  }
  // Units made by a demo from before the crews existed get them too.
  for (const unit of existing.filter((candidate) => candidate.callsign.startsWith(SCENARIO_PREFIX))) {
    await services.unitsRepository.addMember(unit.id, crew.id);
  }
  // The demo Field_Unit crews a unit of its own, which the simulator leaves to the person.
  const fieldUser = await services.usersRepository.findByEmail('field.unit@demo.argus.localhost');
  if (fieldUser && !existingUnits.has('DEMO-FIELD-1'))
    await services.units.create({ callsign: 'DEMO-FIELD-1', kind: 'patrol', members: [fieldUser.id] });
  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${config.port}`;
  console.log(
    `\nArgus demo is running at ${base} (civic: http://civic.localhost:${config.port}, field: http://field.localhost:${config.port})`,
  );
  console.log('Demo accounts (passwords are shown only now):');
  console.log(accounts.join('\n'));
  const scenario = await Scenario.start(
    {
      baseUrl: `http://127.0.0.1:${config.port}`,
      ...simulator,
      tickMs: 2_000,
      incidentEveryMs: 45_000,
      reportEveryMs: 30_000,
      onSceneSeconds: 90,
      log: (line) => app.log.warn(line),
    },
    SCENARIO_PREFIX,
  );
  console.log(`The scenario simulator is running ${SCENARIO_UNITS.length} units in central London.`);
  const stop = async () => {
    await scenario.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

demo().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
