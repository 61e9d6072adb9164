import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's janus package puts its plugins and transports. */
const JANUS_LIBRARIES = '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusProcess {
  /** The WebSocket API, for JANUS_URLS. */
  url: string;
  /** Janus's process id, for the bench that reads its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

export const hasJanus = fs.existsSync('/usr/bin/janus') && fs.existsSync(path.join(JANUS_LIBRARIES, 'plugins/libjanus_videoroom.so'));

/**
 * Debian's Janus as a process of its own, configured in a temporary folder: the WebSocket API on
 * a free loopback port, only the VideoRoom plugin (string room ids, as Argus's room ids are UUIDs)
 * and only the WebSocket transport, ICE on the loopback interface so local werift peers connect.
 */
export async function startJanus(): Promise<JanusProcess> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-janus-'));
  const port = await freePort();
  const otherPlugins = fs
    .readdirSync(path.join(JANUS_LIBRARIES, 'plugins'))
    .filter((name) => name.endsWith('.so') && name !== 'libjanus_videoroom.so');
  const otherTransports = fs
    .readdirSync(path.join(JANUS_LIBRARIES, 'transports'))
    .filter((name) => name.endsWith('.so') && name !== 'libjanus_websockets.so');
  const files: Record<string, string> = {
    'janus.jcfg': `general: {
  configs_folder = "${directory}"
  plugins_folder = "${JANUS_LIBRARIES}/plugins"
  transports_folder = "${JANUS_LIBRARIES}/transports"
  events_folder = "${JANUS_LIBRARIES}/events"
  loggers_folder = "${JANUS_LIBRARIES}/loggers"
  debug_level = 3
  session_timeout = 60
}
media: { rtp_port_range = "20000-40000" }
nat: { ice_enforce_list = "lo" }
plugins: { disable = "${otherPlugins.join(',')}" }
transports: { disable = "${otherTransports.join(',')}" }
events: { broadcast = false }
`,
    'janus.plugin.videoroom.jcfg': 'general: {\n  string_ids = true\n}\n',
    'janus.transport.websockets.jcfg': `general: {
  ws = true
  ws_port = ${port}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: { admin_ws = false }
`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(directory, name), text);

  const child: ChildProcess = spawn('/usr/bin/janus', ['--config', path.join(directory, 'janus.jcfg'), '--configs-folder', directory], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(directory, { recursive: true, force: true });
  };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`janus exited with ${code} before listening:\n${output}`))),
  );
  await Promise.race([waitForPort(port), exited]);
  return { url: `ws://127.0.0.1:${port}`, pid: child.pid!, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
