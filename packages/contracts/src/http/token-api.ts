import { z } from 'zod';
import { Email } from './common';
import { multiLineText, singleLineText } from './text';

/**
 * The subset of the Supabase Auth (GoTrue) REST API that Argus speaks under /auth/v1, so the
 * unmodified `@supabase/auth-js` client works against it. Field names are the client's.
 */
export const TOKEN_API_PREFIX = '/auth/v1';

export const TokenQuery = z.object({
  grant_type: z.enum(['password', 'refresh_token', 'pkce'], { error: 'grant_type must be password, refresh_token or pkce.' }),
});

/** One body for every grant; each grant then requires its own fields. */
export const TokenBody = z.object({
  email: singleLineText().max(320).optional(),
  password: z.string().max(1024, 'Password is too long.').optional(),
  refresh_token: z.string().max(512).optional(),
  auth_code: z.string().max(512).optional(),
  code_verifier: z.string().max(256).optional(),
  gotrue_meta_security: z.object({ captcha_token: z.string().max(4096).optional() }).optional(),
});

export const PasswordGrant = z.object({
  email: Email,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.'),
});

export const RefreshGrant = z.object({
  refresh_token: z.string({ error: 'refresh_token is required.' }).min(1, 'refresh_token is required.'),
});

export const PkceGrant = z.object({
  auth_code: z.string({ error: 'auth_code is required.' }).min(1, 'auth_code is required.'),
  code_verifier: z
    .string({ error: 'code_verifier is required.' })
    .min(43, 'code_verifier is too short.')
    .max(128, 'code_verifier is too long.'),
});

export const AuthorizeQuery = z.object({
  provider: singleLineText({ trim: false, typeError: 'provider is required.' }).min(1).max(40),
  redirect_to: singleLineText({ trim: false, typeError: 'redirect_to is required.' }).min(1).max(2048),
  scopes: singleLineText({ trim: false }).max(500).optional(),
  code_challenge: singleLineText({ trim: false, typeError: 'A PKCE code_challenge is required.' }).min(1).max(128),
  code_challenge_method: singleLineText({ trim: false, typeError: 'code_challenge_method is required.' }).max(10),
  skip_http_redirect: singleLineText({ trim: false }).max(5).optional(),
});

export const CallbackQuery = z.object({
  state: singleLineText({ trim: false }).max(512).optional(),
  code: singleLineText({ trim: false }).max(2048).optional(),
  error: singleLineText({ trim: false }).max(200).optional(),
  error_description: multiLineText({ trim: false }).max(2000).optional(),
  iss: singleLineText({ trim: false }).max(2048).optional(),
});

export const IdentityParams = z.object({ identityId: singleLineText().min(1).max(100) });

export const LogoutQuery = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: 'scope must be global, local or others.' }).default('global'),
});

export const EnrolFactorBody = z.object({
  factor_type: z.enum(['totp', 'phone', 'webauthn'], { error: 'factor_type must be totp or phone.' }),
  friendly_name: singleLineText().max(100, 'The name is too long.').optional(),
  issuer: singleLineText().max(100, 'The issuer is too long.').optional(),
  phone: singleLineText().max(32).optional(),
});

/** The client sends its whole parameter object here, factorId included. */
export const ChallengeBody = z.object({ channel: z.enum(['sms', 'whatsapp']).optional() });

export const VerifyFactorBody = z.object({
  challenge_id: singleLineText({ typeError: 'challenge_id is required.' }).min(1).max(100),
  code: singleLineText({ typeError: 'Enter the 6-digit code.' }).min(1, 'Enter the 6-digit code.').max(32),
});

export const FactorParams = z.object({ factorId: singleLineText().min(1).max(100) });

/** What the web app reads back from the token API (the client library reads more). */
export const TokenFactor = z.object({
  id: z.string(),
  friendly_name: z.string().optional(),
  factor_type: z.enum(['totp', 'phone']),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
});
export type TokenFactor = z.infer<typeof TokenFactor>;

export const TokenUserFactors = z.object({ factors: z.array(TokenFactor).optional() });

export const EnrolFactorResponse = z.object({
  id: z.string(),
  type: z.literal('totp'),
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});
export type EnrolFactorResponse = z.infer<typeof EnrolFactorResponse>;

export const ChallengeResponse = z.object({ id: z.string(), type: z.string(), expires_at: z.number() });

/** The sign-in providers the web app may offer a button for. */
export const OauthProvidersResponse = z.object({ providers: z.array(z.object({ name: z.string() })) });
