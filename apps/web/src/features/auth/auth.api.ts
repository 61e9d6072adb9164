import {
  AuthResponse,
  KeepaliveResponse,
  LogoutResponse,
  type LoginRequest,
  type PasswordChangeRequest,
  type ProfileUpdateRequest,
  type Session,
  type SwitchRequest,
  User,
} from '@argus/contracts/http/auth';
import { Ok } from '@argus/contracts/http/common';
import { OauthProvidersResponse } from '@argus/contracts/http/token-api';
import { z } from 'zod';
import { api } from '../../lib/api';
import { toLocalClock } from './auth-state';

const ProfileResponse = z.object({ user: User });

/** The session endpoints; none of them triggers the global expiry flow, each handles 401 itself. */
const sessionCall = { ignoreSessionEnd: true } as const;

/** Every session the app holds is on this device's clock (see toLocalClock). */
async function local<T extends { session: Session }>(response: Promise<T>): Promise<T> {
  const body = await response;
  return { ...body, session: toLocalClock(body.session, Date.now()) };
}

export const authApi = {
  me: (signal?: AbortSignal) => local(api.get('/auth/me', AuthResponse, { ...sessionCall, signal })),
  login: (body: LoginRequest) => local(api.post('/auth/login', body, AuthResponse, sessionCall)),
  providerSession: (body: { auth_code: string; code_verifier: string }) =>
    local(api.post('/auth/oauth/session', body, AuthResponse, sessionCall)),
  providers: async () => (await api.get('/auth/oauth/providers', OauthProvidersResponse)).providers,
  logout: () => api.post('/auth/logout', {}, LogoutResponse, sessionCall),
  keepalive: () => local(api.post('/auth/keepalive', {}, KeepaliveResponse, sessionCall)),
  switchUser: (body: SwitchRequest) => local(api.post('/auth/switch', body, AuthResponse)),
  switchBack: () => local(api.post('/auth/switch-back', {}, AuthResponse)),
  updateProfile: (body: ProfileUpdateRequest) => api.patch('/auth/profile', body, ProfileResponse),
  changePassword: (body: PasswordChangeRequest) => api.post('/auth/password', body, Ok),
};
