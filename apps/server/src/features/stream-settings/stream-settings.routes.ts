import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StreamDefaultsResponse,
  StreamPlatformResponse,
  UpdateStreamDefaultsRequest,
  UpdateStreamPlatformRequest,
} from '@argus/contracts/http/stream-settings';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { auditContext, requireAuth } from '../../plugins/auth';
import type { StreamSettingsService } from './stream-settings.service';

/** Everyone who publishes video (command staff and field units going live) has their own defaults. */
const PUBLISHERS = [...COMMAND_ROLES, 'Field_Unit'] as const;

/** /stream-settings: my publishing defaults, and the administrators' ICE servers and retention. */
export const streamSettingsRoutes: FastifyPluginAsyncZod<{ streamSettings: StreamSettingsService }> = async (app, { streamSettings }) => {
  app.get(
    '/stream-settings/me',
    {
      config: { access: PUBLISHERS },
      schema: { summary: 'My publishing defaults: resolution, frame rate, bitrate, codec', response: { 200: StreamDefaultsResponse } },
    },
    async (request) => streamSettings.defaults(requireAuth(request).user.id),
  );

  app.patch(
    '/stream-settings/me',
    {
      // A user's own video defaults are not administration, even for an administrator.
      config: { access: PUBLISHERS, administrative: false },
      schema: { summary: 'Change my publishing defaults', body: UpdateStreamDefaultsRequest, response: { 200: StreamDefaultsResponse } },
    },
    async (request) => streamSettings.updateDefaults(requireAuth(request).user.id, request.body),
  );

  app.get(
    '/stream-settings/platform',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'ICE servers and recording retention for the whole platform', response: { 200: StreamPlatformResponse } },
    },
    async () => streamSettings.platform(),
  );

  app.patch(
    '/stream-settings/platform',
    {
      config: { access: COMMAND_ROLES },
      schema: {
        summary: 'Change the ICE servers (null: use the server configuration) or recording retention',
        body: UpdateStreamPlatformRequest,
        response: { 200: StreamPlatformResponse },
      },
    },
    async (request) => streamSettings.updatePlatform(request.body, auditContext(request)),
  );
};
