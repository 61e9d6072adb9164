import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PushKeyResponse, PushSubscriptionRequest, PushUnsubscribeRequest } from '@argus/contracts/http/push';
import { requireAuth } from '../../plugins/auth';
import type { PushService } from './push.service';

/** Web Push: the server's key, and a crew's browsers subscribing and unsubscribing (docs/decisions/0043-the-field-phone-offline-and-attention.md). */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/push/key',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The VAPID public key browsers subscribe with (null: this server sends no push)',
        response: { 200: PushKeyResponse },
      },
    },
    async () => ({ publicKey: push.publicKey() }),
  );

  app.post(
    '/push/subscriptions',
    {
      // A crew member's own phone, not administration.
      config: { access: ['Field_Unit'], administrative: false },
      schema: {
        summary: 'Subscribe this browser to pushes for its user (409 when the server sends no push)',
        body: PushSubscriptionRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await push.subscribe(requireAuth(request).user, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { access: ['Field_Unit'], administrative: false },
      schema: { summary: 'Unsubscribe one of my browsers', body: PushUnsubscribeRequest, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await push.unsubscribe(requireAuth(request).user, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
