import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIRST_RUN_PATH, FirstRunRequest, FirstRunResponse, FirstRunStatus } from '@argus/contracts/http/first-run';
import { experienceOf } from '@argus/contracts/sites';
import { AppError } from '../../lib/app-error';
import { auditContext } from '../../plugins/auth';
import { presentUser } from '../users/users.presenter';
import type { FirstRunService } from './first-run.service';

/** The first administrator of a new install, from the main site's sign-in page (docs/decisions/0045-first-run-setup-code.md). */
export const firstRunRoutes: FastifyPluginAsyncZod<{ firstRun: FirstRunService }> = async (app, { firstRun }) => {
  app.get(
    FIRST_RUN_PATH,
    {
      config: { access: 'public' },
      schema: { summary: 'Whether the first administrator may still be created with the setup code', response: { 200: FirstRunStatus } },
    },
    async () => ({ open: await firstRun.isOpen() }),
  );

  app.post(
    FIRST_RUN_PATH,
    {
      config: { access: 'public', csrf: false },
      schema: {
        summary: 'Create the first super administrator with the setup code printed at start (main site only, while no user exists)',
        body: FirstRunRequest,
        response: { 201: FirstRunResponse },
      },
    },
    async (request, reply) => {
      if (experienceOf(request.site) !== 'main') throw new AppError('forbidden', 'The first administrator is created on the main site.');
      const context = auditContext(request);
      const user = await firstRun.createFirstAdministrator(request.body, { ...context, ip: request.ip });
      return reply.status(201).send({ user: presentUser(user) });
    },
  );
};
