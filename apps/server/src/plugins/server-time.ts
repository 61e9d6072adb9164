import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_TIME_HEADER } from '@argus/contracts/http/device-time';
import type { Clock } from '../lib/clock';

/**
 * Every answer says the server's time to the millisecond (the Date header says it only to the
 * second), so a phone can estimate its clock's offset from any call it makes and send the times
 * of its actions on the server's clock (docs/decisions/0042-device-time.md).
 */
export const serverTimePlugin = fp(async (app: FastifyInstance, { clock }: { clock: Clock }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(SERVER_TIME_HEADER, String(clock.now()));
    return payload;
  });
});
