import { z } from 'zod';
import { singleLineText } from './text';
import { DEVICE_ACCOUNT_DOMAIN, Timestamp } from './common';

/**
 * Device sessions for screens and trackers that stay up around the clock
 * (docs/decisions/0051-device-sessions-and-retention.md): an administrator registers a wall display
 * (a role's read views) or a tracker (one unit's position reports), the device is enrolled with a
 * one-time code (its first use), and its session never ends on inactivity — only when revoked or a year on.
 */
export const DEVICE_KINDS = ['wall_display', 'tracker'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const DEVICE_KIND_LABELS: Record<DeviceKind, string> = { wall_display: 'Wall display', tracker: 'Tracker' };

/** What the device's own screen says, everywhere it is signed in. */
export const DEVICE_BANNERS: Record<DeviceKind, string> = {
  wall_display: 'Wall display — read-only',
  tracker: 'Tracker — position reports only',
};

/** A device's account needs an address, since every account has one; nobody writes to it or signs in with it. */
export const deviceAccountEmail = (deviceId: string) => `device-${deviceId}@${DEVICE_ACCOUNT_DOMAIN}`;
export const isDeviceAccountEmail = (email: string) => email.endsWith(`@${DEVICE_ACCOUNT_DOMAIN}`);

/** The roles whose read views a wall display may show: never Super_Admin's. */
export const WALL_DISPLAY_ROLES = ['Command_Admin', 'Intelligence_Analyst'] as const;

/** How long an enrolment code can be used, from when the device was registered. */
export const DEVICE_ENROLMENT_MINUTES = 30;
/** A device session lasts until revoked, or this long after enrolment, when the device is enrolled again. */
export const DEVICE_SESSION_DAYS = 365;

/** Where a device opens its enrolment code (a page on every staff site). */
export const DEVICE_ENROL_PATH = '/enrol-device';

/** The page a device opens once enrolled: a wall display its role's dashboard, a tracker the field unit page. */
export function deviceHome(kind: DeviceKind, role: string): string {
  if (kind === 'tracker') return '/fieldunit';
  return role === 'Intelligence_Analyst' ? '/analyst' : '/command';
}

/** What a device that may not do something is told, per kind. */
export const DEVICE_REFUSALS: Record<DeviceKind, string> = {
  wall_display: 'This is a wall display: it shows read-only views and cannot change anything.',
  tracker: 'This is a tracker: it sends its unit’s position reports and nothing else.',
};

const DeviceName = singleLineText().min(1, 'Name the device.').max(80, 'Name is too long.');

export const CreateDeviceRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wall_display'), name: DeviceName, role: z.enum(WALL_DISPLAY_ROLES) }),
  z.object({ kind: z.literal('tracker'), name: DeviceName, unitId: singleLineText().min(1, 'Choose the unit.').max(100) }),
]);
export type CreateDeviceRequest = z.infer<typeof CreateDeviceRequest>;

const DEVICE_STATES = ['awaiting_enrolment', 'enrolment_expired', 'active', 'revoked'] as const;

export const Device = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  role: z.string(),
  unitId: z.string().nullable(),
  unitCallsign: z.string().nullable(),
  state: z.enum(DEVICE_STATES),
  createdAt: Timestamp,
  createdBy: z.string().nullable(),
  enrolmentExpiresAt: Timestamp,
  enrolledAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
});
export type Device = z.infer<typeof Device>;

export const DeviceParams = z.object({ id: singleLineText().min(1).max(100) });
export const DeviceListResponse = z.object({ devices: z.array(Device) });
export const DeviceResponse = z.object({ device: Device });
/** The code is shown once, to the administrator who registered the device. */
export const CreateDeviceResponse = z.object({ device: Device, enrolmentCode: z.string() });

export const EnrolDeviceRequest = z.object({ code: z.string().trim().min(1, 'Enter the enrolment code.').max(200) });
export type EnrolDeviceRequest = z.infer<typeof EnrolDeviceRequest>;

/** How a session presents its device (null for a person's session). */
export const SessionDevice = z.object({ id: z.string(), kind: z.enum(DEVICE_KINDS), name: z.string() }).nullable();
