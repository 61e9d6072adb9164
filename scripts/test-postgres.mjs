// A throwaway PostgreSQL for the test command (docs/decisions/0071-tests-on-a-throwaway-postgresql.md).
//
// Every PostgreSQL test copies a migrated template into a database of its own and drops it after:
// on the machine's server each copy and drop waits on fsync, 1–4 s a test on a busy machine, which
// made up most of the unit step. A cluster made for the run, in memory and with fsync off, does
// the same in a tenth of the time, with the same server binaries. Its data dies with the run, which
// is all a test database is for. Nothing here changes the machine's own server.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT_BINARIES = '/usr/lib/postgresql';

/** The newest installed server's binaries folder, or null. */
function serverBinaries() {
  if (!existsSync(ROOT_BINARIES)) return null;
  const versions = readdirSync(ROOT_BINARIES)
    .filter((version) => existsSync(path.join(ROOT_BINARIES, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(ROOT_BINARIES, versions[0], 'bin') : null;
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

/**
 * Starts the cluster and answers its admin URL and a `stop`, or null (with the reason printed)
 * when it cannot, so the caller uses the machine's server as before. PostgreSQL refuses to run
 * as root, so as root the cluster belongs to the `postgres` account Debian's package made.
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
  // Memory when the machine has a tmpfs for it, else the temporary folder.
  const parent = existsSync('/dev/shm') ? '/dev/shm' : (process.env.TMPDIR ?? '/tmp');
  const folder = mkdtempSync(path.join(parent, 'argus-test-pg-'));
  const data = path.join(folder, 'data');
  let stopped = false;
  /** Stops the cluster and removes its folder; once, however often it is called. */
  const stopAndRemove = () => {
    if (stopped) return;
    stopped = true;
    run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    if (asRoot) chownSync(folder, Number(spawnSync('id', ['-u', 'postgres']).stdout), Number(spawnSync('id', ['-g', 'postgres']).stdout));
    const init = run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    if (init.status !== 0) throw new Error(init.stderr || init.stdout);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${folder}`,
      '-c listen_addresses=127.0.0.1',
      // The test data is thrown away with the run: durability buys nothing here.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Scale-out tests run several server processes with a pool each.
      '-c max_connections=300',
    ].join(' ');
    const start = run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', '-t', '120', 'start']);
    if (start.status !== 0) throw new Error(start.stderr || start.stdout);
    console.log(`Tests use a throwaway PostgreSQL on 127.0.0.1:${port} (in ${parent}, fsync off).`);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: stopAndRemove };
  } catch (error) {
    stopAndRemove();
    console.log(`A throwaway PostgreSQL could not start, so the tests use the running server:\n${error.message}`);
    return null;
  }
}
