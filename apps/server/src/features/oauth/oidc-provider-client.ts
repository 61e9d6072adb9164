import * as client from 'openid-client';

export interface OidcSettings {
  /** The name clients pass as `provider`. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface UpstreamIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The relying-party side towards one standards-compliant OIDC provider, found by discovery.
 * Plain http is accepted only for a provider on this machine (development and tests).
 */
export class OidcProviderClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  private config(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.settings.issuer);
      const options = issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined;
      return client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, options);
    })().catch((error: unknown) => {
      this.configuration = null;
      throw error;
    });
    return this.configuration;
  }

  async authorizationUrl(redirectUri: string, scope: string, verifier: string, state: string, nonce: string): Promise<URL> {
    return client.buildAuthorizationUrl(await this.config(), {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
  }

  async identityFrom(callbackUrl: URL, verifier: string, state: string, nonce: string): Promise<UpstreamIdentity> {
    const tokens = await client.authorizationCodeGrant(await this.config(), callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    // A conformant provider may keep scope claims out of the ID token; UserInfo has them.
    const profile =
      typeof claims.email === 'string' ? claims : await client.fetchUserInfo(await this.config(), tokens.access_token, claims.sub);
    return {
      subject: claims.sub,
      email: typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null,
      emailVerified: profile.email_verified === true,
    };
  }
}

export const newVerifier = client.randomPKCECodeVerifier;
export const newState = client.randomState;
export const newNonce = client.randomNonce;
