import type { FastifyInstance } from 'fastify';

export interface GracefulClose {
  /**
   * Stops accepting, runs `beforeDrain` (the rules engine hands over its leadership), closes idle
   * keep-alive connections at once and each busy one as soon as its answer is sent, waits at most
   * `timeoutMs` for requests in flight, then drops whatever is left and closes the app.
   */
  close(timeoutMs: number): Promise<void>;
}

/**
 * docs/decisions/0047-health-shutdown-and-built-starts.md. Fastify's own close stops accepting and
 * closes the connections idle at that moment, but a keep-alive connection whose request was still
 * running stays open after its answer for the whole keep-alive timeout (72 s by default), and the
 * app's close hooks (the rules engine among them) wait for it. Here every answer sent after the
 * signal says `Connection: close`, so Node ends its connection once it is written, and any
 * connection found idle after an answer is closed too.
 */
export function gracefulClose(app: FastifyInstance, beforeDrain: () => Promise<void>): GracefulClose {
  let draining = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    if (draining) setImmediate(() => app.server.closeIdleConnections());
    done();
  });

  return {
    async close(timeoutMs) {
      draining = true;
      // Fastify's close stops accepting and closes the idle connections first; the hand-over runs
      // beside it rather than after the last request, which is what held the leadership until exit.
      const closing = app.close();
      const handover = beforeDrain().catch((error: unknown) => app.log.error({ err: error }, 'shutdown: handing over'));
      const bound = setTimeout(() => {
        app.log.warn({ timeoutMs }, 'shutdown: requests still running at the bound are cut off');
        app.server.closeAllConnections();
      }, timeoutMs);
      try {
        await Promise.all([closing, handover]);
      } finally {
        clearTimeout(bound);
      }
    },
  };
}
