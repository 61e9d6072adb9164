import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { REDIS_URL, redisAnswers } from './scale-out-support';

/**
 * SIGTERM on a real listening server (docs/decisions/0047-health-shutdown-and-built-starts.md):
 * idle keep-alive connections closed at once, a request in flight answered with `Connection:
 * close`, the rules-engine lock freed while that request still runs, and the process gone well
 * before the keep-alive timeout — or at the drain bound when a request never finishes.
 */
const MAIN = path.join(import.meta.dirname, '../src/main.ts');
const hasRedis = await redisAnswers();

interface RunningServer {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

const running: { server: RunningServer; dataDir: string }[] = [];
afterEach(() => {
  for (const { server, dataDir } of running.splice(0)) {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-shutdown-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, exited };
  running.push({ server, dataDir });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const status = await get(port, '/health/live').then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return server;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server never answered /health/live');
}

function get(port: number, url: string, agent?: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    request.on('error', reject);
  });
}

/** A sign-in whose body arrives in two halves: in flight on the server until `finish` is called. */
function slowSignIn(port: number, agent: http.Agent) {
  const body = JSON.stringify({ email: 'nobody@argus.test', password: 'not-the-password' });
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: '/auth/login',
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

/** Opens `count` keep-alive connections, each left idle after one answered request. */
async function idleKeepAliveConnections(port: number, count: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agent.on('free', (socket) => sockets.push(socket));
      expect((await get(port, '/health/live', agent)).status).toBe(200);
    }),
  );
  return sockets;
}

const closedSoon = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('SIGTERM on a listening server', () => {
  it('closes idle keep-alive connections, answers the request in flight, and exits before the bound', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '10000' });
    const idle = await idleKeepAliveConnections(server.port, 5);
    expect(idle).toHaveLength(5);
    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = slowSignIn(server.port, busyAgent);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(idle.map(closedSoon));
    // The request finishes after the signal and is still answered, on a connection told to close.
    await new Promise((resolve) => setTimeout(resolve, 500));
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(401);
    expect(answer.connection).toBe('close');
    expect(await server.exited).toBe(0);
    // Well before the bound, and far from Fastify's 72 s keep-alive timeout that used to hold it.
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  }, 60_000);

  it('cuts off a request that never finishes at the bound, and exits', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    const stuck = slowSignIn(server.port, new http.Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await expect(stuck.answer).rejects.toThrow();
    expect(await server.exited).toBe(0);
  }, 60_000);

  it.skipIf(!hasRedis)(
    'hands the rules-engine lock over while a request is still in flight',
    async () => {
      const prefix = `argus-shutdown-${process.pid}-${Date.now()}:`;
      const lock = `${prefix}rules-engine:leader`;
      const redis = new Redis(REDIS_URL);
      try {
        const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '10000', REDIS_URL, REDIS_KEY_PREFIX: prefix });
        await expect.poll(() => redis.get(lock), { timeout: 15_000 }).not.toBeNull();
        const inFlight = slowSignIn(server.port, new http.Agent({ keepAlive: true }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.child.kill('SIGTERM');
        await expect.poll(() => redis.get(lock), { timeout: 10_000 }).toBeNull();
        // The lock is free while the request is still waiting for its body.
        expect(server.child.exitCode).toBeNull();
        inFlight.finish();
        expect((await inFlight.answer).status).toBe(401);
        expect(await server.exited).toBe(0);
      } finally {
        redis.disconnect();
      }
    },
    60_000,
  );
});
