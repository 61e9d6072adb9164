import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkThreadReadRequest,
  MarkThreadReadResponse,
  MessageListQuery,
  MessageListResponse,
  MessageResponse,
  MessageThreadListResponse,
  SendMessageRequest,
} from '@argus/contracts/http/messages';
import { requireAuth } from '../../plugins/auth';
import { presentMessage, presentThread } from './messages.presenter';
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

  app.get(
    '/messages/threads',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'My inbox: the threads I take part in, newest activity first, with unread counts',
        response: { 200: MessageThreadListResponse },
      },
    },
    async (request) => ({ threads: (await messages.threads(requireAuth(request).user)).map(presentThread) }),
  );

  app.post(
    '/messages/reads',
    {
      // Reading is not administration: every member of the conversation marks their own progress.
      config: { access: 'signed-in', administrative: false },
      schema: {
        summary: 'Mark a thread read up to one of its messages (my read marker; it never moves back)',
        body: MarkThreadReadRequest,
        response: { 200: MarkThreadReadResponse },
      },
    },
    async (request) => ({ readUpTo: await messages.markRead(requireAuth(request).user, request.body) }),
  );
};
