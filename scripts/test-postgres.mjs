// A throwaway PostgreSQL for the test command (docs/decisions/0071-tests-on-a-throwaway-postgresql.md).
//
// Every PostgreSQL test copies a migrated template into a database of its own and drops it after:
// on the machine's server each copy and drop waits on fsync, 1–4 s a test on a busy machine, which
// made up most of the unit step. A cluster made for the run, in memory and with fsync off, does
// the same in a tenth of the time, with the same server binaries. Its data dies with the run, which
// is all a test database is for. Nothing here changes the machine's own server.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT_BINARIES = '/usr/lib/postgresql';
const FOLDER_PREFIX = 'argus-test-pg-';
/** Room the cluster needs: initdb's files, the migrated template and the copies tests hold at once. */
const MEMORY_NEEDED = 2 * 1024 ** 3;

/** The newest installed server's binaries folder, or null. */
function serverBinaries() {
  if (!existsSync(ROOT_BINARIES)) return null;
  const versions = readdirSync(ROOT_BINARIES)
    .filter((version) => existsSync(path.join(ROOT_BINARIES, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(ROOT_BINARIES, versions[0], 'bin') : null;
}

/** Memory (/dev/shm) when it has room, else the temporary folder: a small container's /dev/shm fills mid-run. */
function parentFolder() {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= MEMORY_NEEDED) return '/dev/shm';
  } catch {
    // no /dev/shm on this machine
  }
  return os.tmpdir();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function processLives(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Folders a run left behind when it was killed outright (SIGKILL): removed when their server is gone. */
function removeLeftovers(parent) {
  for (const name of readdirSync(parent).filter((entry) => entry.startsWith(FOLDER_PREFIX))) {
    const folder = path.join(parent, name);
    const pidFile = path.join(folder, 'data/postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (!pid || !processLives(pid)) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Starts the cluster and answers its admin URL and a `stop`, or null (with the reason printed)
 * when it cannot, so the caller uses the machine's server as before. PostgreSQL refuses to run
 * as root, so as root the cluster belongs to the `postgres` account Debian's package made. It
 * listens on loopback with a password made for the run: trust on a TCP port would let any local
 * user in as its superuser.
 */
export async function startTestPostgres() {
  const bin = serverBinaries();
  if (!bin) {
    console.log('No PostgreSQL server binaries found: the tests use the running server.');
    return null;
  }
  const asRoot = process.getuid?.() === 0;
  const run = (command, args) =>
    asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { encoding: 'utf8' })
      : spawnSync(path.join(bin, command), args, { encoding: 'utf8' });
  const parent = parentFolder();
  removeLeftovers(parent);
  const folder = mkdtempSync(path.join(parent, FOLDER_PREFIX));
  const data = path.join(folder, 'data');
  let stopped = false;
  /** Stops the cluster and removes its folder; once, however often it is called. */
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(path.join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (asRoot) {
      const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
      chownSync(folder, id('-u'), id('-g'));
    }
    const password = randomBytes(18).toString('base64url');
    const passwordFile = path.join(folder, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (asRoot) chownSync(passwordFile, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), 0);
    const init = run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    rmSync(passwordFile);
    if (init.status !== 0) throw new Error(init.stderr || init.stdout);
    // Another process may take the chosen port before the server binds it: a few tries.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k '${folder}'`,
        '-c listen_addresses=127.0.0.1',
        // The test data is thrown away with the run: durability buys nothing here.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        // Scale-out tests run several server processes with a pool each.
        '-c max_connections=300',
      ].join(' ');
      const start = run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', '-t', '120', 'start']);
      if (start.status === 0) {
        console.log(`Tests use a throwaway PostgreSQL on 127.0.0.1:${port} (in ${parent}, fsync off).`);
        return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop };
      }
      if (attempt === 3) throw new Error(`${start.stderr || start.stdout}\n${readLog(folder)}`);
    }
  } catch (error) {
    stop();
    console.log(`A throwaway PostgreSQL could not start, so the tests use the running server:\n${error.message}`);
    return null;
  }
}

function readLog(folder) {
  const log = path.join(folder, 'log');
  return existsSync(log) ? readFileSync(log, 'utf8') : '';
}
