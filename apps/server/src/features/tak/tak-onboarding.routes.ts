import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateTakEnrolmentRequest, TakEnrolmentResponse } from '@argus/contracts/http/tak';
import { TAK_CERTIFICATE_MANAGERS } from '@argus/contracts/policies/tak';
import { auditContext } from '../../plugins/auth';
import type { TakOnboardingService } from './tak-onboarding.service';

/** /tak/enrolments: an administrator onboards a crew member's TAK device with a one-time token. */
export const takOnboardingRoutes: FastifyPluginAsyncZod<{ onboarding: TakOnboardingService }> = async (app, { onboarding }) => {
  app.post(
    '/tak/enrolments',
    {
      config: { access: TAK_CERTIFICATE_MANAGERS },
      schema: {
        summary: 'Make a one-time enrolment token for a unit’s crew member, with ATAK’s QR code and onboarding data package',
        body: CreateTakEnrolmentRequest,
        response: { 201: TakEnrolmentResponse },
      },
    },
    async (request, reply) => {
      const enrolment = await onboarding.create(request.body, auditContext(request));
      return reply.status(201).send({ enrolment });
    },
  );
};
