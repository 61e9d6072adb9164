import tls from 'node:tls';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { TakCertificateAuthority } from '../../apps/server/src/features/tak/tak-ca';

/**
 * The tak-cot bench's servers, in one process of their own: Argus as `main.ts` builds it, with its
 * CoT endpoint served over TLS, and next to it a bare TLS relay that writes every chunk it reads
 * to the other connections — the same bytes, neither parsed nor mapped. Both use a server
 * certificate from Argus's own CA.
 *
 * Argus's TLS port checks a client certificate against its table once per connection; here the
 * TLS sockets are handed to the endpoint as its plain-TCP port hands them (no certificate), which
 * leaves every step an event goes through — framing, reading, the refusal checks, the contact's
 * SA saved and announced, the relay to every other device — and only skips the per-connection
 * lookup, which a stream of events does not repeat.
 */
const config = loadConfig();
// A device that stops reading is dropped past 1 MiB queued; the bench's receivers read all they can
// but share two cores with the sender, and the bare relay queues without limit. The same room for both.
config.cot.limits = { ...config.cot.limits, maxQueuedBytes: 64 * 1024 * 1024 };
const db = await createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const { app, cot } = await buildApp({ config, db });
await app.listen({ port: config.port, host: config.host });
await cot.open();

const authority = await TakCertificateAuthority.open(config.dataDir, null);
const { cert, key } = await authority.serverCertificate(['localhost']);

const argus = tls.createServer({ cert, key }, (socket) => cot.attach(socket, 'bench'));
const echoSockets = new Set<tls.TLSSocket>();
const echo = tls.createServer({ cert, key }, (socket) => {
  echoSockets.add(socket);
  socket.setNoDelay(true);
  socket.on('error', () => undefined);
  socket.on('close', () => echoSockets.delete(socket));
  socket.on('data', (chunk: Buffer) => {
    for (const other of echoSockets) if (other !== socket) other.write(chunk);
  });
});
const listen = (server: tls.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
process.send!({ type: 'listening', argusPort: await listen(argus), echoPort: await listen(echo), ca: authority.pem });

process.once('SIGTERM', () => {
  argus.close();
  echo.close();
  for (const socket of echoSockets) socket.destroy();
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
