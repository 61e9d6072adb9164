import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageListQuery, MessageListResponse, MessageResponse, SendMessageRequest } from '@argus/contracts/http/messages';
import { requireAuth } from '../../plugins/auth';
import { presentMessage } from './messages.presenter';
import type { MessagesService } from './messages.service';

/** Messages: broadcast, per unit, per incident and direct (who may take part is the service's rule). */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  app.post(
    '/messages',
    {
      // Command broadcasting to units is operations, not administration.
      config: { access: 'signed-in', administrative: false },
      schema: {
        summary: 'Send a message (idempotent by clientId)',
        body: SendMessageRequest,
        response: { 200: MessageResponse, 201: MessageResponse },
      },
    },
    async (request, reply) => {
      const { message, created } = await messages.send(requireAuth(request).user, request.body);
      return reply.status(created ? 201 : 200).send({ message: presentMessage(message) });
    },
  );

  app.get(
    '/messages',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'A conversation, newest first', querystring: MessageListQuery, response: { 200: MessageListResponse } },
    },
    async (request) => ({ messages: (await messages.list(requireAuth(request).user, request.query)).map(presentMessage) }),
  );
};
