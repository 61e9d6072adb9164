import { randomUUID } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { publishAtRate, unitPayload, type BenchCommand } from './pacing';

/**
 * The realtime baseline: a bare `ws` server that sends each event to every connected client
 * with `send`, in a loop. Its frames are the same envelope Argus sends (same fields, same size),
 * with none of Argus's work: no authentication, channels, numbering, replay or backpressure.
 */
const port = Number(process.env.PORT);
const server = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
server.on('listening', () => process.send!({ type: 'listening' }));
let seq = 0;

process.on('message', (command: BenchCommand) => {
  if (command.type !== 'publish') return;
  void publishAtRate(command.rate, command.count, (index, dueAt) => {
    seq += 1;
    const frame = JSON.stringify({
      type: 'unit.position',
      data: unitPayload(index, dueAt),
      priority: 'low',
      timestamp: Date.now(),
      origin: 'bare-0000',
      source: 'unit',
      version: '2.0.0',
      messageId: randomUUID(),
      channel: 'units',
      seq,
    });
    for (const client of server.clients) if (client.readyState === WebSocket.OPEN) client.send(frame);
  }).then(({ startedAt }) => process.send!({ type: 'published', startedAt }));
});

process.once('SIGTERM', () => server.close(() => process.exit(0)));
