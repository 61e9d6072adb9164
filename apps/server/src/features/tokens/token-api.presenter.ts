import type { UserRow } from '../users/users.repository';
import type { FactorRow } from '../mfa/mfa.repository';
import type { IdentityRow } from '../oauth/oauth.repository';
import { AUDIENCE } from './access-tokens';
import type { IssuedTokens } from './token.service';

const iso = (ms: number) => new Date(ms).toISOString();

/** A user as the Supabase Auth clients expect it; `role` is the Argus role. */
export function presentTokenUser(user: UserRow, factors: FactorRow[], identities: IdentityRow[] = []) {
  const created = iso(user.created_at);
  return {
    id: user.id,
    aud: AUDIENCE,
    role: user.role,
    email: user.email,
    email_confirmed_at: created,
    confirmed_at: created,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { full_name: user.full_name },
    identities: identities.map((identity) => presentIdentity(identity)),
    // GoTrue leaves the list out when there is none.
    ...(factors.length > 0 ? { factors: factors.map(presentFactor) } : {}),
    created_at: created,
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

export function presentIdentity(identity: IdentityRow) {
  return {
    id: identity.subject,
    identity_id: identity.id,
    user_id: identity.user_id,
    provider: identity.provider,
    identity_data: { sub: identity.subject, email: identity.email ?? undefined },
    email: identity.email ?? undefined,
    created_at: iso(identity.created_at),
    last_sign_in_at: iso(identity.last_sign_in_at),
    updated_at: iso(identity.last_sign_in_at),
  };
}

export function presentFactor(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
  };
}

export function presentTokenSession(issued: IssuedTokens, factors: FactorRow[], identities: IdentityRow[] = []) {
  return {
    access_token: issued.accessToken,
    token_type: 'bearer',
    expires_in: issued.expiresIn,
    expires_at: issued.expiresAt,
    refresh_token: issued.refreshToken,
    user: presentTokenUser(issued.resolved.user, factors, identities),
  };
}
