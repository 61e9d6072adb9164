import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { AuthService, ClientInfo, NewSession } from '../auth/auth.service';
import type { UsersRepository } from '../users/users.repository';
import type { IdentityRow, OauthRepository } from './oauth.repository';
import { newNonce, newState, newVerifier, type OidcProviderClient } from './oidc-provider-client';
import { pkceS256 } from './pkce';

export const FLOW_TTL_MS = 5 * 60_000;

export interface OauthSettings {
  provider: OidcProviderClient | null;
  /** Where the provider sends the browser back: PUBLIC_URL + /auth/v1/callback. */
  callbackUrl: string;
  /** Addresses a flow may end at: an origin, or an origin and path prefix. */
  redirectAllowList: string[];
  /** Whether a verified email may link a new identity to the existing user with that email. */
  linkByEmail: boolean;
}

export interface AuthorizeRequest {
  provider: string;
  redirectTo: string;
  scopes?: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/**
 * Sign-in through an OIDC provider with PKCE at both ends: the client proves it started the
 * flow when it trades the code, and Argus proves the same to the provider. Flows last five
 * minutes and are used once. Argus creates no accounts here: an identity signs in only as a
 * user it is linked to, and links by verified email only where an administrator allowed it.
 */
export class OauthService {
  constructor(
    private readonly repository: OauthRepository,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly settings: OauthSettings,
  ) {}

  providerNames(): string[] {
    return this.settings.provider ? [this.settings.provider.settings.name] : [];
  }

  async authorize(request: AuthorizeRequest): Promise<URL> {
    const provider = this.settings.provider;
    if (!provider || request.provider !== provider.settings.name) {
      throw new AppError('provider_disabled', `The sign-in provider "${request.provider}" is not enabled on this server.`);
    }
    if (!this.allowedRedirect(request.redirectTo))
      throw new AppError('validation_failed', 'redirect_to is not an address this server may send you back to.');
    if (request.codeChallengeMethod.toLowerCase() !== 's256' || !/^[A-Za-z0-9_-]{43}$/.test(request.codeChallenge)) {
      throw new AppError('validation_failed', 'A PKCE code_challenge with code_challenge_method S256 is required.');
    }
    const now = this.clock.now();
    const flow = {
      id: randomUUID(),
      provider: provider.settings.name,
      code_challenge: request.codeChallenge,
      redirect_to: request.redirectTo,
      upstream_state: newState(),
      upstream_verifier: newVerifier(),
      upstream_nonce: newNonce(),
      user_id: null,
      auth_code_hash: null,
      created_at: now,
      expires_at: now + FLOW_TTL_MS,
      used_at: null,
    };
    await this.repository.insertFlow(flow);
    const scope = ['openid', 'email', ...(request.scopes?.split(/[\s,]+/) ?? [])]
      .filter((value, index, all) => value && all.indexOf(value) === index)
      .join(' ');
    return provider.authorizationUrl(this.settings.callbackUrl, scope, flow.upstream_verifier, flow.upstream_state, flow.upstream_nonce);
  }

  /** The provider's answer; returns where to send the browser (the client, with a code or an error). */
  async callback(callbackUrl: URL, context: AuditContext): Promise<string> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const flow = await this.repository.flowByState(state);
    const now = this.clock.now();
    if (!flow || flow.expires_at <= now || flow.auth_code_hash !== null) throw new AppError('flow_state_not_found');
    const back = (params: Record<string, string>) => {
      const target = new URL(flow.redirect_to);
      for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
      return target.toString();
    };
    if (callbackUrl.searchParams.has('error')) {
      return back({
        error: callbackUrl.searchParams.get('error') ?? 'access_denied',
        error_description: callbackUrl.searchParams.get('error_description') ?? 'The provider refused the sign-in.',
      });
    }

    let upstream;
    try {
      upstream = await this.settings.provider!.identityFrom(callbackUrl, flow.upstream_verifier, flow.upstream_state, flow.upstream_nonce);
    } catch {
      return back({ error: 'server_error', error_description: 'The sign-in provider’s answer could not be verified.' });
    }
    const userId = await this.userFor(flow.provider, upstream, context);
    if (!userId) {
      await this.audit.append(context, 'auth.oauth_refused', `${flow.provider}:${upstream.subject}`, {});
      return back({ error: 'access_denied', error_description: 'No Argus account is linked to this identity. Ask an administrator.' });
    }
    const code = randomToken();
    await this.repository.completeFlow(flow.id, userId, sha256(code));
    return back({ code });
  }

  /** The PKCE grant: the code and the verifier whose S256 the flow began with. */
  async exchange(authCode: string, codeVerifier: string, client: ClientInfo, context: AuditContext): Promise<NewSession> {
    const flow = await this.repository.flowByCode(sha256(authCode));
    const now = this.clock.now();
    if (!flow || !flow.user_id || flow.used_at !== null || flow.expires_at <= now) throw new AppError('flow_state_not_found');
    if (pkceS256(codeVerifier) !== flow.code_challenge) throw new AppError('bad_code_verifier');
    if (!(await this.repository.useFlow(flow.id, now))) throw new AppError('flow_state_not_found');
    const user = await this.users.findById(flow.user_id);
    if (!user) throw new AppError('flow_state_not_found');
    const created = await this.auth.startSession(user, client, 'oauth');
    await this.audit.append({ ...context, actorId: user.id, subjectId: user.id }, 'auth.login_success', user.id, {
      method: 'oauth',
      provider: flow.provider,
    });
    return created;
  }

  identitiesOf(userId: string): Promise<IdentityRow[]> {
    return this.repository.identitiesOf(userId);
  }

  async unlink(userId: string, identityId: string, context: AuditContext): Promise<void> {
    const identity = (await this.repository.identitiesOf(userId)).find((candidate) => candidate.id === identityId);
    if (!identity) throw new AppError('identity_not_found');
    await this.repository.deleteIdentity(identity.id);
    await this.audit.append(context, 'auth.identity_unlinked', `${identity.provider}:${identity.subject}`, {});
  }

  private async userFor(
    provider: string,
    upstream: { subject: string; email: string | null; emailVerified: boolean },
    context: AuditContext,
  ) {
    const now = this.clock.now();
    const known = await this.repository.identity(provider, upstream.subject);
    if (known) {
      await this.repository.touchIdentity(known.id, now);
      return known.user_id;
    }
    if (!this.settings.linkByEmail || !upstream.email || !upstream.emailVerified) return null;
    const user = await this.users.findByEmail(upstream.email);
    if (!user || user.is_active !== 1) return null;
    await this.repository.insertIdentity({
      id: randomUUID(),
      user_id: user.id,
      provider,
      subject: upstream.subject,
      email: upstream.email,
      created_at: now,
      last_sign_in_at: now,
    });
    await this.audit.append({ ...context, subjectId: user.id }, 'auth.identity_linked', `${provider}:${upstream.subject}`, {
      email: upstream.email,
    });
    return user.id;
  }

  private allowedRedirect(redirectTo: string): boolean {
    let target: URL;
    try {
      target = new URL(redirectTo);
    } catch {
      return false;
    }
    return this.settings.redirectAllowList.some((entry) => {
      const allowed = new URL(entry);
      return target.origin === allowed.origin && target.pathname.startsWith(allowed.pathname === '/' ? '/' : allowed.pathname);
    });
  }
}
