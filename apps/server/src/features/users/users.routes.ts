import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { User } from '@argus/contracts/http/auth';
import { CreateUserRequest, UpdateUserRequest, UserIdParams, UserListResponse } from '@argus/contracts/http/users';
import { COMMAND_ROLES, isRole, type Role } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import { auditContext, requireAuth } from '../../plugins/auth';
import { presentUser } from './users.presenter';
import type { UsersService } from './users.service';

const UserResponse = z.object({ user: User });

/** The role an account is managed with: while switched, the account operated as, as for route access. */
function managerOf(request: FastifyRequest): Role {
  const { role } = requireAuth(request).user;
  if (!isRole(role)) throw new AppError('forbidden');
  return role;
}

/** User administration for command-level roles (the administration part of /settings). */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users',
    { config: { access: COMMAND_ROLES }, schema: { summary: 'Every user', response: { 200: UserListResponse } } },
    async () => ({ users: (await users.list()).map(presentUser) }),
  );

  app.post(
    '/users',
    {
      config: { access: COMMAND_ROLES },
      schema: { summary: 'Create a user', body: CreateUserRequest, response: { 201: UserResponse } },
    },
    async (request, reply) => {
      const created = await users.create(request.body, managerOf(request), auditContext(request));
      return reply.status(201).send({ user: presentUser(created) });
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { access: COMMAND_ROLES },
      schema: {
        summary: "Change a user's role, name or activation",
        params: UserIdParams,
        body: UpdateUserRequest,
        response: { 200: UserResponse },
      },
    },
    async (request) => ({
      user: presentUser(await users.update(request.params.id, request.body, managerOf(request), auditContext(request))),
    }),
  );
};
