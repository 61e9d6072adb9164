import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

/**
 * Debian's nginx in front of Argus nodes, run by the tests as a process of their own: its config,
 * pid, logs and temporary files in a fresh folder, in the foreground, on a free loopback port. The
 * `http` block is the one docs/deployment.md shows, read from it, with only its `server` lines (the
 * nodes) and its `listen` line replaced, so the documented configuration is the tested one
 * (docs/decisions/0065-nginx-in-front-of-several-nodes.md).
 */
export const NGINX = '/usr/sbin/nginx';

const DEPLOYMENT_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/deployment.md');

/** The first ```nginx block of docs/deployment.md. */
function documentedNginxBlock(): string {
  const block = fs.readFileSync(DEPLOYMENT_DOC, 'utf8').match(/```nginx\n([\s\S]*?)```/)?.[1];
  if (block === undefined) throw new Error('docs/deployment.md has no ```nginx block');
  return block;
}

const UPSTREAM_SERVER = /^(\s*)server \S+:\d+( [^;]*)?;\n/gm;
const LISTEN = /^(\s*)listen 80;$/m;

/** The documented block with the nodes' addresses (host:port) and the address nginx listens on. */
function nginxBlockFor(nodes: string[], listen: string): string {
  const block = documentedNginxBlock();
  const servers = [...block.matchAll(UPSTREAM_SERVER)];
  if (servers.length === 0 || !LISTEN.test(block))
    throw new Error('the nginx block of docs/deployment.md lost its upstream `server host:port …;` lines or its `listen 80;`');
  const [indent, parameters = ''] = [servers[0]![1], servers[0]![2]];
  const lines = nodes.map((node) => `${indent}server ${node}${parameters};\n`).join('');
  // The nodes' lines where the documented ones began.
  const at = servers[0]!.index;
  const withoutServers = block.replace(UPSTREAM_SERVER, '');
  return `${withoutServers.slice(0, at)}${lines}${withoutServers.slice(at)}`.replace(
    LISTEN,
    (_line, space: string) => `${space}listen ${listen};`,
  );
}

/** A whole nginx.conf: the documented block inside an `http` block whose files all live in `folder`. */
function nginxConf(folder: string, block: string): string {
  const at = (name: string) => path.join(folder, name);
  return `daemon off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${at('access.log')};
  client_body_temp_path ${at('client-body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
${block}
}
`;
}

export interface Nginx {
  /** http://127.0.0.1:<port>, what clients and PUBLIC_URL use. */
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts nginx in front of `nodes` (host:port each) and resolves once it accepts connections. */
export async function startNginx(nodes: string[], port?: number): Promise<Nginx> {
  const listen = `127.0.0.1:${port ?? (await freePort())}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-nginx-'));
  // Started as root, nginx runs its worker as nobody, which must reach its temporary folders.
  fs.chmodSync(folder, 0o711);
  fs.writeFileSync(path.join(folder, 'nginx.conf'), nginxConf(folder, nginxBlockFor(nodes, listen)));
  // -e: the log nginx writes to before it has read its config is also the folder's, not /var/log.
  const child = spawn(NGINX, ['-p', folder, '-e', path.join(folder, 'error.log'), '-c', path.join(folder, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.once('error', (error) => (stderr += `${error.message}\n`));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(folder, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  try {
    await acceptsConnections(listen, child);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    fs.rmSync(folder, { recursive: true, force: true });
    throw new Error(`nginx did not start (${String(error)}): ${stderr}${errorLog()}`);
  }
  return {
    baseUrl: `http://${listen}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Resolves once `listen` accepts a TCP connection; rejects if nginx exits first. */
async function acceptsConnections(listen: string, child: ChildProcess): Promise<void> {
  const [host, port] = listen.split(':') as [string, string];
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited (${child.exitCode ?? child.signalCode})`);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
