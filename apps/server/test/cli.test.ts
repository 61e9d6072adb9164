import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-cli-'));

const cli = (...args: string[]) => runCli(dataDir, ...args);

/**
 * Each run is a fresh Node process loading the server through tsx: about a second alone, ten or
 * more on a machine running browser tests beside this one (8 s was seen to run out). A test's time
 * limit is this budget times the runs it makes, so the project's 30 s default does not decide how
 * many runs a test may make.
 */
const RUN_BUDGET_MS = 20_000;

/** The CLI as an operator runs it: a real process on a real SQLite file. */
describe('npm run cli', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'adds, lists, changes and deactivates users',
    () => {
      const add = cli(
        'user',
        'add',
        '--email',
        ' Ops@Argus.Test ',
        '--full-name',
        'Olive Ops',
        '--role',
        'Command_Admin',
        '--password',
        'Meadow-Copper-Signal-27',
      );
      expect(add).toMatchObject({ code: 0, out: 'Created ops@argus.test (Command_Admin).\n' });
      expect(cli('user', 'set-role', '--email', 'ops@argus.test', '--role', 'Intelligence_Analyst').code).toBe(0);
      expect(cli('user', 'deactivate', '--email', 'ops@argus.test').code).toBe(0);
      expect(cli('user', 'list').out).toBe('ops@argus.test\tIntelligence_Analyst\tinactive\tOlive Ops\n');
      // The first start made the audit signing key, readable by its owner only.
      expect(fs.statSync(path.join(dataDir, 'audit-signing-key.pem')).mode & 0o777).toBe(0o600);
      const head = cli('audit', 'head');
      expect(head.code).toBe(0);
      expect(JSON.parse(head.out)).toMatchObject({ format: 'argus-audit-head/1', seq: 3 });
      const headFile = path.join(dataDir, 'exported-head.json');
      fs.writeFileSync(headFile, head.out);
      expect(cli('audit', 'verify', '--head', headFile)).toMatchObject({
        code: 0,
        out: 'Audit chain intact: 3 entries verified, signed up to entry 3; the exported head (entry 3) is in the chain.\n',
      });
    },
    6 * RUN_BUDGET_MS,
  );

  it(
    'manages Super_Admins, but keeps the last active one',
    () => {
      const password = 'Meadow-Copper-Signal-27';
      expect(
        cli('user', 'add', '--email', 'chief@argus.test', '--full-name', 'Chief', '--role', 'Super_Admin', '--password', password).code,
      ).toBe(0);
      const last = { code: 1, err: expect.stringContaining('Error: This is the last active Super Admin.') };
      expect(cli('user', 'deactivate', '--email', 'chief@argus.test')).toMatchObject(last);
      expect(cli('user', 'set-role', '--email', 'chief@argus.test', '--role', 'Command_Admin')).toMatchObject(last);
      expect(
        cli('user', 'add', '--email', 'deputy@argus.test', '--full-name', 'Deputy', '--role', 'Super_Admin', '--password', password).code,
      ).toBe(0);
      expect(cli('user', 'deactivate', '--email', 'chief@argus.test').code).toBe(0);
      expect(cli('user', 'list').out).toContain('chief@argus.test\tSuper_Admin\tinactive\tChief\n');
    },
    6 * RUN_BUDGET_MS,
  );

  it(
    'rotates the signing key, keeping the retired one published',
    () => {
      expect(cli('keys', 'rotate')).toMatchObject({ code: 0, out: 'Rotated the access token signing key; 3 keys are published.\n' });
    },
    RUN_BUDGET_MS,
  );

  it(
    'exits non-zero with a clear message on bad input',
    () => {
      const base = ['user', 'add', '--email', 'x@argus.test', '--full-name', 'X'];
      expect(cli(...base, '--role', 'General', '--password', 'Meadow-Copper-Signal-27')).toMatchObject({
        code: 2,
        err: expect.stringContaining('Unknown role "General". Roles: Super_Admin, Command_Admin'),
      });
      expect(cli(...base, '--role', 'Field_Unit', '--password', 'short')).toMatchObject({
        code: 1,
        err: 'Error: Password must be at least 12 characters long.\n',
      });
      expect(cli(...base, '--role', 'Field_Unit', '--password', 'password12345')).toMatchObject({
        code: 1,
        err: expect.stringContaining('Error: Password is too easy to guess.'),
      });
      expect(
        cli(
          'user',
          'add',
          '--email',
          'ops@argus.test',
          '--full-name',
          'Again',
          '--role',
          'Field_Unit',
          '--password',
          'Meadow-Copper-Signal-27',
        ),
      ).toMatchObject({
        code: 1,
        err: 'Error: A user with that email already exists.\n',
      });
      expect(
        cli('user', 'add', '--email', 'not-an-email', '--full-name', 'X', '--role', 'Field_Unit', '--password', 'Meadow-Copper-Signal-27'),
      ).toMatchObject({
        code: 2,
        err: 'Error: Enter a valid email address.\n',
      });
      expect(cli('user', 'add', '--role', 'Field_Unit')).toMatchObject({ code: 2, err: 'Error: Missing --email.\n' });
      expect(cli('user', 'deactivate', '--email', 'nobody@argus.test')).toMatchObject({
        code: 1,
        err: 'Error: No user with email nobody@argus.test.\n',
      });
      expect(cli('frobnicate').code).toBe(2);
    },
    8 * RUN_BUDGET_MS,
  );
});
