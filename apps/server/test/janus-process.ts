import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * Where the janus package put its plugins and transports, as dpkg lists them (the folder names
 * the machine's architecture); null without the package.
 */
function janusLibraries(): string | null {
  try {
    const files = execFileSync('dpkg', ['-L', 'janus'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n');
    const videoRoom = files.find((file) => file.endsWith('/plugins/libjanus_videoroom.so'));
    return videoRoom ? path.dirname(path.dirname(videoRoom)) : null;
  } catch {
    return null;
  }
}

/** Generous: a loaded machine starts Janus slowly; this only keeps a Janus that never listens from hanging the run. */
const LISTEN_WITHIN_MS = 120_000;
/** How long Janus may take to exit on SIGTERM before it is killed. */
const EXIT_WITHIN_MS = 10_000;

const JANUS_LIBRARIES = janusLibraries() ?? '';

export interface JanusProcess {
  /** The WebSocket API, for JANUS_URLS. */
  url: string;
  /** Janus's process id, for the bench that reads its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

export const hasJanus = fs.existsSync('/usr/bin/janus') && JANUS_LIBRARIES !== '';

/**
 * Debian's Janus as a process of its own, configured in a temporary folder: the WebSocket API on
 * a free loopback port, only the VideoRoom plugin (string room ids, as Argus's room ids are UUIDs)
 * and only the WebSocket transport, ICE on the loopback interface so local werift peers connect.
 * `port`: listen there (a Janus restarted where the last one was), else on a free port.
 */
export async function startJanus(options: { port?: number } = {}): Promise<JanusProcess> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-janus-'));
  const port = options.port ?? (await freePort());
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
    // Debian's janus 1.1.2 can dump core as it stops: the dump lands in this folder, removed with it.
    cwd: directory,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(directory, { recursive: true, force: true });
  };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`janus exited with ${code} before listening:\n${output}`))),
  );
  try {
    await Promise.race([waitForPort(port, child, () => output), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `ws://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/** Until Janus listens; also ends once it has exited (the caller reports that). */
async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + LISTEN_WITHIN_MS;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() > deadline) throw new Error(`janus did not listen on ${port} within ${LISTEN_WITHIN_MS / 1000} s:\n${output()}`);
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
