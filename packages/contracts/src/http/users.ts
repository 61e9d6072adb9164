import { z } from 'zod';
import { NewAccountEmail } from './common';
import { singleLineText } from './text';
import { RoleSchema, User } from './auth';

export const UserListResponse = z.object({ users: z.array(User) });
export type UserListResponse = z.infer<typeof UserListResponse>;

export const CreateUserRequest = z.object({
  email: NewAccountEmail,
  full_name: singleLineText().min(1, 'Enter a name.').max(200, 'Name is too long.'),
  role: RoleSchema,
  password: z.string().max(1024, 'Password is too long.'),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

export const UpdateUserRequest = z
  .object({
    role: RoleSchema.optional(),
    is_active: z.boolean().optional(),
    full_name: singleLineText().min(1).max(200).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const UserIdParams = z.object({ id: singleLineText().min(1).max(100) });
