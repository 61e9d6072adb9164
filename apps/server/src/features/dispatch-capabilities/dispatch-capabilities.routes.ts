import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DispatchCapabilities, DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import { DISPATCH_CAPABILITY_MANAGERS, DISPATCH_CAPABILITY_READERS } from '@argus/contracts/policies/dispatch-capabilities';
import { auditContext } from '../../plugins/auth';
import type { DispatchCapabilitiesService } from './dispatch-capabilities.service';

/** /dispatch/capabilities: what unit kinds can do and what incident categories need. */
export const dispatchCapabilitiesRoutes: FastifyPluginAsyncZod<{ capabilities: DispatchCapabilitiesService }> = async (
  app,
  { capabilities },
) => {
  app.get(
    '/dispatch/capabilities',
    {
      // Reading the table is part of dispatching, so the administrators' MFA policy does not hold it up.
      config: { access: DISPATCH_CAPABILITY_READERS, administrative: false },
      schema: {
        summary: 'Each unit kind’s capabilities and typical speed, and what each incident category needs',
        response: { 200: DispatchCapabilitiesResponse },
      },
    },
    async () => capabilities.table(),
  );

  app.put(
    '/dispatch/capabilities',
    {
      config: { access: DISPATCH_CAPABILITY_MANAGERS },
      schema: {
        summary: 'Replace the dispatch capability table (every unit kind once; needs must be some kind’s capability)',
        body: DispatchCapabilities,
        response: { 200: DispatchCapabilitiesResponse },
      },
    },
    async (request) => capabilities.save(request.body, auditContext(request)),
  );
};
