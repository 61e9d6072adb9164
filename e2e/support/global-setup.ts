import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ROLES } from '@argus/contracts/roles';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { SYSTEM_CONTEXT } from '../../apps/server/src/features/audit/audit.log';
import { systemClock } from '../../apps/server/src/lib/clock';
import { createServices } from '../../apps/server/src/services';
import { ACCOUNTS, E2E_PASSWORD, E2E_UNIT, INACTIVE_ACCOUNT, MFA_ACCOUNT } from './accounts';
import { OIDC_CLIENT, startOidcProvider } from './oidc-provider';
import { freePort, waitForHealth } from './processes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    /** The plain-TCP CoT endpoint's port, where a test's simulated TAK device connects. */
    cotPort: number;
    /** TAK's TLS CoT and certificate enrolment ports, for e2e/tests/tak-enrolment.test.ts and tak-device.test.ts. */
    takTlsPort: number;
    takEnrolPort: number;
    dataDir: string;
  }
}

/**
 * Starts the real, built Argus (server plus web app) once for the whole e2e run,
 * on a fresh SQLite data folder with one account per role.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST lets several people test their own build side by side; CI uses apps/web/dist.
  if (!fs.existsSync(path.join(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'), 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-e2e-'));
  const [port, providerPort, cotPort, takTlsPort, takEnrolPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const publicUrl = `http://localhost:${port}`;
  const provider = await startOidcProvider(providerPort, `${publicUrl}/auth/v1/callback`, {
    // The analyst's company identity, linked to the Argus account by its verified email.
    analyst: { email: ACCOUNTS.Intelligence_Analyst.email },
  });
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every browser context comes from 127.0.0.1, so the per-address public limit would
    // throttle the suite itself; the limit is covered by the server's integration tests.
    RATE_LIMIT_PUBLIC_MAX: '100000',
    // Administrators' second-factor policy is tested against the server (mfa-policy.test.ts);
    // here the administrator accounts sign in with a password so each flow tests itself.
    // e2e/tests/mfa.test.ts sets up and uses a second factor in the browser.
    MFA_REQUIRED_FOR_ADMINS: 'false',
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_PROVIDER_NAME: OIDC_CLIENT.providerName,
    OIDC_LINK_BY_EMAIL: 'true',
    OAUTH_REDIRECT_ALLOW_LIST: `${publicUrl}/login`,
    // TAK devices' CoT stream (docs/decisions/0061-tak-cot-endpoint-first-slice.md), for e2e/tests/tak-contacts.test.ts.
    COT_TCP_PORT: String(cotPort),
    // Its TLS side and enrolment (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md), for e2e/tests/tak-enrolment.test.ts.
    COT_TLS_PORT: String(takTlsPort),
    TAK_ENROL_PORT: String(takEnrolPort),
  };

  const config = loadConfig(env);
  const db = await createDatabase({ dataDir: config.dataDir });
  const services = createServices(config, db, systemClock);
  for (const role of ROLES) {
    const account = ACCOUNTS[role];
    await services.users.create(
      { email: account.email, full_name: account.fullName, role, password: E2E_PASSWORD },
      OPERATOR,
      SYSTEM_CONTEXT,
    );
  }
  await services.users.create(
    { email: MFA_ACCOUNT.email, full_name: MFA_ACCOUNT.fullName, role: 'Field_Unit', password: E2E_PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  const retired = await services.users.create(
    { email: INACTIVE_ACCOUNT.email, full_name: INACTIVE_ACCOUNT.fullName, role: 'Field_Unit', password: E2E_PASSWORD },
    OPERATOR,
    SYSTEM_CONTEXT,
  );
  await services.users.update(retired.id, { is_active: false }, OPERATOR, SYSTEM_CONTEXT);
  // The Field_Unit account crews a unit, so the field pages have one to show.
  const fieldUser = await services.usersRepository.findByEmail(ACCOUNTS.Field_Unit.email);
  await services.units.create({ callsign: E2E_UNIT.callsign, kind: E2E_UNIT.kind, members: [fieldUser!.id] });
  await db.close();

  // The server runs as `npm start` runs it, built (docs/decisions/0047-health-shutdown-and-built-starts.md);
  // built every run, in well under a second, so the tests never meet a stale build.
  const serverBuild = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (serverBuild.status !== 0) throw new Error('server build failed');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(port, child);
  project.provide('port', port);
  project.provide('cotPort', cotPort);
  project.provide('takTlsPort', takTlsPort);
  project.provide('takEnrolPort', takEnrolPort);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await provider.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
