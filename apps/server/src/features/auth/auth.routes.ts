import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActiveUsersResponse,
  AuthResponse,
  KeepaliveResponse,
  LoginRequest,
  LogoutResponse,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  REGISTRATION_ACCEPTED,
  RegisterRequest,
  RegisterResponse,
  SwitchRequest,
  User,
} from '@argus/contracts/http/auth';
import { z } from 'zod';
import { auditContext, clearSessionCookies, requireAuth, setSessionCookies } from '../../plugins/auth';
import { presentUser } from '../users/users.presenter';
import type { Clock } from '../../lib/clock';
import type { MfaPolicy } from '../mfa/mfa-policy';
import type { AuthService } from './auth.service';
import type { UsersService } from '../users/users.service';
import { AppError } from '../../lib/app-error';
import { presentAuth, presentSession } from './session.presenter';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; users: UsersService; clock: Clock; mfaPolicy: MfaPolicy }> = async (
  app,
  { auth, users, clock, mfaPolicy },
) => {
  app.post(
    '/auth/register',
    {
      config: { access: 'public', csrf: false },
      schema: {
        summary:
          'Create a civic reporter account unless the address has one, answering alike either way (civic reporter site only); then sign in',
        body: RegisterRequest,
        response: { 202: RegisterResponse },
      },
    },
    async (request, reply) => {
      if (request.site !== 'civic') throw new AppError('forbidden', 'Accounts can be created on the civic reporter site only.');
      await users.registerCivicReporter(request.body, { ...auditContext(request), actorId: null, subjectId: null });
      // No session here: a cookie for a new account and none for a taken address would tell them apart.
      return reply.status(202).send({ message: REGISTRATION_ACCEPTED });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', csrf: false },
      schema: { summary: 'Sign in with email and password', body: LoginRequest, response: { 200: AuthResponse } },
    },
    async (request, reply) => {
      const created = await auth.login(request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      setSessionCookies(request, reply, created);
      return presentAuth(created.resolved, clock.now(), mfaPolicy);
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'signed-in', beforeSecondFactor: true },
      schema: { summary: 'The signed-in user and session', response: { 200: AuthResponse } },
    },
    (request) => presentAuth(requireAuth(request), clock.now(), mfaPolicy),
  );

  app.post(
    '/auth/keepalive',
    {
      config: { access: 'signed-in', beforeSecondFactor: true },
      schema: { summary: 'Slide the session after user activity', response: { 200: KeepaliveResponse } },
    },
    async (request) => ({ session: presentSession(await auth.keepalive(requireAuth(request)), clock.now(), mfaPolicy) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in', beforeSecondFactor: true },
      schema: { summary: 'End this session', response: { 200: LogoutResponse } },
    },
    async (request, reply) => {
      await auth.logout(requireAuth(request), auditContext(request));
      clearSessionCookies(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/users/active',
    {
      config: { access: 'signed-in', administrative: true },
      schema: { summary: 'Active users an administrator may switch to', response: { 200: ActiveUsersResponse } },
    },
    async (request) => ({ users: (await auth.listSwitchable(requireAuth(request))).map(presentUser) }),
  );

  app.post(
    '/auth/switch',
    {
      config: { access: 'signed-in', administrative: true },
      schema: { summary: 'Operate as another active user (administrators)', body: SwitchRequest, response: { 200: AuthResponse } },
    },
    async (request) =>
      presentAuth(await auth.switchTo(requireAuth(request), request.body.userId, auditContext(request)), clock.now(), mfaPolicy),
  );

  app.post(
    '/auth/switch-back',
    { config: { access: 'signed-in' }, schema: { summary: 'Return to the original administrator', response: { 200: AuthResponse } } },
    async (request) => presentAuth(await auth.switchBack(requireAuth(request), auditContext(request)), clock.now(), mfaPolicy),
  );

  app.post(
    '/auth/password',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Change your own password', body: PasswordChangeRequest, response: { 200: LogoutResponse } },
    },
    async (request) => {
      await auth.changePassword(requireAuth(request), request.body.currentPassword, request.body.newPassword, auditContext(request));
      return { ok: true as const };
    },
  );

  app.patch(
    '/auth/profile',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Update your own profile', body: ProfileUpdateRequest, response: { 200: z.object({ user: User }) } },
    },
    async (request) => ({ user: presentUser(await auth.updateProfile(requireAuth(request), request.body.full_name)) }),
  );
};
