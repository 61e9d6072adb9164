import type { DeviceKind } from '@argus/contracts/http/devices';
import type { Role } from '@argus/contracts/roles';

/** People and their sign-in: accounts, sessions, keys, second factors, providers, registered devices and push subscriptions. Row conventions: ../schema.ts. */

export interface UsersTable {
  id: string;
  email: string;
  full_name: string;
  role: Role;
  is_active: number;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database holds no usable session. */
  id: string;
  user_id: string;
  actor_id: string | null;
  csrf_token: string;
  aal: 'aal1' | 'aal2';
  created_at: number;
  last_activity_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
  /** JSON list of {method, timestamp}: how this session was authenticated. */
  amr: string;
  /** The wall display or tracker this session is (migration 0030); null for a person's session. */
  device_id: string | null;
  device_kind: DeviceKind | null;
  /** The last time a person acted in the session (sign-in, keepalive); null before migration 0030. */
  interacted_at: number | null;
}

export interface SigningKeysTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  state: 'next' | 'current' | 'retired';
  created_at: number;
  activated_at: number | null;
  retired_at: number | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token. */
  id: string;
  /** The session is the token family: replaying a used token ends it. */
  session_id: string;
  parent_id: string | null;
  child_key: string;
  created_at: number;
  used_at: number | null;
}

export interface MfaFactorsTable {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone';
  secret: string;
  status: 'unverified' | 'verified';
  last_step: number | null;
  created_at: number;
  updated_at: number;
}

export interface MfaChallengesTable {
  id: string;
  factor_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  ip: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface OauthFlowsTable {
  id: string;
  provider: string;
  code_challenge: string;
  redirect_to: string;
  upstream_state: string;
  upstream_verifier: string;
  upstream_nonce: string;
  user_id: string | null;
  auth_code_hash: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  /** The provider's `sub` for this person. */
  subject: string;
  email: string | null;
  created_at: number;
  last_sign_in_at: number;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

/** A wall display or tracker an administrator registered (docs/decisions/0051-device-sessions-and-retention.md). */
export interface DevicesTable {
  id: string;
  name: string;
  kind: DeviceKind;
  /** The device's own account: its role, and for a tracker a member of its unit's crew. */
  user_id: string;
  unit_id: string | null;
  /** SHA-256 of the one-time enrolment code; null once used. */
  enrolment_code_hash: string | null;
  enrolment_expires_at: number;
  created_by: string | null;
  created_at: number;
  enrolled_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
}

/** One browser's Web Push subscription (docs/decisions/0043-the-field-phone-offline-and-attention.md). */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: number;
}
