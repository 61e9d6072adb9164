import net from 'node:net';

/** Ports below Linux's ephemeral range (32768 up), which `listen(0)` everywhere else draws from. */
const FIRST_PORT = 20_000;
const PORTS_PER_WORKER = 1_000;
const WORKER_RANGES = 12;

/**
 * This worker's own range: two test files run at once (docs/decisions/0075-server-tests-two-files-at-once.md),
 * each in a worker with its own VITEST_POOL_ID, so they never hand out the same port. Asking the
 * kernel for a free one (`listen(0)`, then close) did not do: a port closed to be handed to a child
 * is free again for the other file's next `listen(0)`. Where it starts within the range is random,
 * so two runs on one machine seldom meet; each port is also tried before it is handed out.
 */
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
const rangeStart = FIRST_PORT + ((((worker - 1) % WORKER_RANGES) + WORKER_RANGES) % WORKER_RANGES) * PORTS_PER_WORKER;
let next = Math.floor(Math.random() * PORTS_PER_WORKER);

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port for a child process to listen on: this worker's, not handed out before, and nothing listens on it now. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < PORTS_PER_WORKER; tried += 1) {
    const port = rangeStart + (next % PORTS_PER_WORKER);
    next += 1;
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port left in ${rangeStart}–${rangeStart + PORTS_PER_WORKER - 1}`);
}
