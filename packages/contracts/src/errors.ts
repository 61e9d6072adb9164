import { z } from 'zod';
import { TEXT } from './catalogue';

/**
 * Stable error codes with their HTTP status and default message. The server
 * answers `{ error: { code, message } }`; the web app maps codes to the toast
 * texts of docs/specification.md.
 */
export const ERRORS = {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  weak_password: { status: 400, message: 'The password does not meet the policy.' },
  current_password_wrong: { status: 400, message: 'Your current password is not correct.' },
  unauthenticated: { status: 401, message: 'You are not signed in.' },
  session_expired: { status: 401, message: TEXT.session.expiredDescription },
  invalid_credentials: { status: 401, message: TEXT.login.invalidCredentials },
  csrf_failed: { status: 403, message: 'The request is missing a valid X-CSRF-Token header.' },
  forbidden: { status: 403, message: 'Your role does not allow this.' },
  account_inactive: {
    status: 403,
    message: 'This account has been deactivated. Ask an administrator to reactivate it.',
  },
  not_admin: { status: 403, message: TEXT.switching.accessDeniedDescription },
  switch_not_allowed: { status: 403, message: 'Your role cannot switch to this user.' },
  super_admin_only: {
    status: 403,
    message: 'Only a Super Admin can create, change, deactivate or give the role of a Super Admin account.',
  },
  // Device sessions (docs/decisions/0051-device-sessions-and-retention.md); the message names the device's kind.
  device_not_allowed: { status: 403, message: 'This device session may not do this.' },
  enrolment_code_invalid: {
    status: 403,
    message: 'This enrolment code does not work: it was used already, withdrawn or has expired. Ask an administrator for a new one.',
  },
  not_found: { status: 404, message: 'Not found.' },
  switch_target_not_found: { status: 404, message: TEXT.switching.targetNotFound },
  switch_target_inactive: { status: 409, message: TEXT.switching.targetInactive },
  not_switched: { status: 409, message: 'This session is not switched to another user.' },
  conflict: { status: 409, message: 'That conflicts with what is already saved.' },
  email_taken: { status: 409, message: 'A user with that email already exists.' },
  // First run in the browser (docs/decisions/0045-first-run-setup-code.md).
  setup_code_wrong: {
    status: 403,
    message: 'That setup code is not right. Use the code the server printed to its terminal when it started.',
  },
  setup_closed: { status: 409, message: 'Argus already has an administrator. Sign in instead.' },
  last_super_admin: {
    status: 409,
    message: 'This is the last active Super Admin. Make another account Super Admin before deactivating or demoting this one.',
  },
  push_not_configured: {
    status: 409,
    message: 'This server sends no Web Push: set WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT to turn it on.',
  },
  method_not_allowed: { status: 405, message: 'This method is not allowed here.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  range_not_satisfiable: { status: 416, message: 'The requested range is outside the file.' },
  // The token API (/auth/v1) and second factors.
  bad_jwt: { status: 401, message: 'The access token is not valid or has expired.' },
  session_not_found: { status: 403, message: 'This session has ended. Sign in again.' },
  refresh_token_not_found: { status: 400, message: 'Invalid Refresh Token: Refresh Token Not Found' },
  refresh_token_already_used: { status: 400, message: 'Invalid Refresh Token: Already Used' },
  mfa_enrolment_required: {
    status: 403,
    message: 'Set up two-factor authentication in Settings before administrative actions.',
  },
  insufficient_aal: { status: 403, message: 'Verify your second factor before doing this.' },
  mfa_factor_not_found: { status: 404, message: 'No such second factor.' },
  mfa_factor_name_conflict: { status: 422, message: 'You already have a second factor with this name.' },
  mfa_challenge_expired: { status: 422, message: 'This challenge has expired or was already used. Start a new one.' },
  mfa_verification_failed: {
    status: 422,
    // Said to people, not to an API client: "TOTP" is a word few of them know.
    message: 'That code is not right. Enter the one your authenticator app shows now.',
  },
  mfa_phone_not_enabled: { status: 422, message: 'Phone factors are not enabled on this server: no SMS sender is configured.' },
  provider_disabled: { status: 400, message: 'This sign-in provider is not enabled on this server.' },
  flow_state_not_found: { status: 404, message: 'This sign-in attempt has expired or was already used. Start again.' },
  bad_code_verifier: { status: 403, message: 'The PKCE code verifier does not match the sign-in attempt.' },
  identity_not_found: { status: 404, message: 'No such linked identity.' },
  unsupported_grant_type: { status: 400, message: 'This grant type is not supported here.' },
  account_locked: {
    status: 429,
    message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  },
  rate_limited: { status: 429, message: 'Too many requests. Slow down and try again shortly.' },
  // Live video (/stream, /signaling, /ws/signaling, WHIP and WHEP).
  room_not_found: { status: 404, message: 'No such video room. It may have been closed.' },
  bad_sdp: { status: 400, message: 'The session description (SDP) is not valid.' },
  bad_stream_token: { status: 401, message: 'The stream token is not valid or has expired. Join the room again.' },
  peer_not_found: { status: 404, message: 'No such video connection: it has ended or never started.' },
  out_of_order: { status: 409, message: 'This signalling message came out of order.' },
  too_many_candidates: { status: 429, message: 'Too many ICE candidates for one connection.' },
  media_unavailable: { status: 503, message: 'The media server is restarting. Try again in a moment.' },
  authentication_failed: { status: 500, message: TEXT.login.authenticationFailed },
  internal: { status: 500, message: 'Something went wrong on the server.' },
  service_unavailable: { status: 503, message: TEXT.login.serviceUnavailable },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field problems for validation errors. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
