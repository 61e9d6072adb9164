import { z } from 'zod';
import { SessionDevice } from './devices';
import { ROLES } from '../roles';
import { Email, NewAccountEmail, Ok, Timestamp } from './common';
import { singleLineText } from './text';

export const RoleSchema = z.enum(ROLES);

/** The user record of docs/specification.md. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: RoleSchema,
  is_active: z.boolean(),
});
export type User = z.infer<typeof User>;

/** The session of docs/specification.md: user, expiresAt and last activity, plus who is really driving it. */
export const Session = z.object({
  expiresAt: Timestamp,
  lastActivity: Timestamp,
  createdAt: Timestamp,
  /** The absolute limit (24 h after sign-in). */
  absoluteExpiresAt: Timestamp,
  aal: z.enum(['aal1', 'aal2']),
  /**
   * Second factor: `enrolled` means the session must reach aal2 before anything else;
   * `required` means the policy expects this user to enrol one (administrators).
   */
  mfa: z.object({ enrolled: z.boolean(), required: z.boolean() }),
  /** The administrator operating as `user`, while switched. */
  originalUser: User.nullable(),
  /** The server's clock when this was sent: clients judge expiry against it, not their own clock. */
  serverTime: Timestamp,
  /** A wall display or tracker (docs/decisions/0051-device-sessions-and-retention.md): no inactivity limit. */
  device: SessionDevice,
});
export type Session = z.infer<typeof Session>;

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, 'Enter your password.').max(1024, 'Password is too long.'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Self-registration on the civic reporter site: always a Civic_Reporter account; the password policy applies. */
export const RegisterRequest = z.object({
  email: NewAccountEmail,
  full_name: singleLineText().min(1, 'Enter your name.').max(200, 'Name is too long.'),
  password: z.string().max(1024, 'Password is too long.'),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/**
 * The one answer (202) to every registration that passes validation, whether or not the address
 * already has an account, and without a session: registering cannot tell anyone who has an account.
 * The web app signs in with the same email and password next.
 */
export const REGISTRATION_ACCEPTED = 'If this email address was free, your account is ready: sign in with it and your password.';
export const RegisterResponse = z.object({ message: z.literal(REGISTRATION_ACCEPTED) });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const AuthResponse = z.object({ user: User, session: Session });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const KeepaliveResponse = z.object({ session: Session });
export type KeepaliveResponse = z.infer<typeof KeepaliveResponse>;

export const LogoutResponse = Ok;

export const SwitchRequest = z.object({ userId: singleLineText().min(1, 'Choose a user to switch to.').max(100) });
export type SwitchRequest = z.infer<typeof SwitchRequest>;

export const ActiveUsersResponse = z.object({ users: z.array(User) });
export type ActiveUsersResponse = z.infer<typeof ActiveUsersResponse>;

export const PasswordChangeRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
  newPassword: z.string().max(1024, 'Password is too long.'),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const ProfileUpdateRequest = z.object({
  full_name: singleLineText().min(1, 'Enter your name.').max(200, 'Name is too long.'),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/** Cookie and header names shared by both ends. */
export const SESSION_COOKIE = 'argus_session';
export const CSRF_COOKIE = 'argus_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * Under https the cookies carry the `__Host-` prefix: the browser then accepts them only when
 * Secure, for the whole site and set by the host itself, so a sibling subdomain cannot plant one.
 */
export function cookieName(name: typeof SESSION_COOKIE | typeof CSRF_COOKIE, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}
