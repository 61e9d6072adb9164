import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse } from '@argus/contracts/http/auth';
import {
  CreateDeviceRequest,
  CreateDeviceResponse,
  DeviceListResponse,
  DeviceParams,
  DeviceResponse,
  EnrolDeviceRequest,
} from '@argus/contracts/http/devices';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { auditContext, setSessionCookies } from '../../plugins/auth';
import { presentAuth } from '../auth/session.presenter';
import type { MfaPolicy } from '../mfa/mfa-policy';
import { presentDevice } from './devices.presenter';
import type { DevicesService } from './devices.service';

/** Wall displays and trackers (docs/decisions/0051-device-sessions-and-retention.md): administrators manage them, a device enrols itself. */
export const devicesRoutes: FastifyPluginAsyncZod<{ devices: DevicesService; mfaPolicy: MfaPolicy }> = async (
  app,
  { devices, mfaPolicy },
) => {
  app.get(
    '/devices',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'Registered wall displays and trackers, newest first', response: { 200: DeviceListResponse } },
    },
    async () => {
      const now = devices.now();
      return { devices: (await devices.list()).map((row) => presentDevice(row, now)) };
    },
  );

  app.post(
    '/devices',
    {
      config: { access: COMMAND_ROLES },
      schema: {
        summary: 'Register a wall display or tracker; its one-time enrolment code is shown once',
        body: CreateDeviceRequest,
        response: { 201: CreateDeviceResponse },
      },
    },
    async (request, reply) => {
      const { device, code } = await devices.register(request.body, auditContext(request));
      return reply.status(201).send({ device: presentDevice(device, devices.now()), enrolmentCode: code });
    },
  );

  app.post(
    '/devices/:id/revoke',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'Revoke a device: its session ends on its next request', params: DeviceParams, response: { 200: DeviceResponse } },
    },
    async (request) => ({ device: presentDevice(await devices.revoke(request.params.id, auditContext(request)), devices.now()) }),
  );

  app.post(
    '/devices/enrol',
    {
      // The code is the credential, as a password is at sign-in, so no CSRF token exists yet.
      config: { access: 'public', csrf: false },
      schema: {
        summary: 'Enrol this device with its one-time code: it signs in as the device',
        body: EnrolDeviceRequest,
        response: { 200: AuthResponse },
      },
    },
    async (request, reply) => {
      const created = await devices.enrol(request.body.code, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      setSessionCookies(request, reply, created);
      return presentAuth(created.resolved, devices.now(), mfaPolicy);
    },
  );
};
