import type { MfaPolicy } from '../mfa/mfa-policy';
import type { UserRow } from '../users/users.repository';
import type { DeviceIdentity } from './tak-certificates.service';

/**
 * Why a device may not do administrative work (make zones or cameras) as `actor`, or null
 * (docs/decisions/0068-tak-items-from-devices.md). A device acts at the assurance of its
 * enrolment: aal2 with an administrator's one-time token, aal1 by password alone or over plain
 * TCP; the MFA policy the HTTP routes ask decides with that level.
 */
export function administrativeRefusal(policy: MfaPolicy, actor: UserRow, device: DeviceIdentity | null): string | null {
  const aal = device?.aal ?? 'aal1';
  if (!policy.deviceBlock(actor, aal)) return null;
  return device
    ? `${actor.email} needs a second factor for administrative work, and this device was enrolled by password alone; enrol it with an enrolment token`
    : `${actor.email} needs a second factor for administrative work, which a device on plain TCP cannot show`;
}
