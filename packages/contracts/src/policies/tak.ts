import { COMMAND_ROLES, type Role } from '../roles';

/**
 * Who sees and who binds TAK contacts (docs/decisions/0061-tak-cot-endpoint-first-slice.md): command
 * watches the devices on its network; binding makes a device speak for a unit, so it is the
 * administrators' (the command roles, under the name that says why). Routes and any settings page
 * ask here, so they cannot disagree.
 */
export const TAK_CONTACT_READERS = COMMAND_ROLES satisfies readonly Role[];
export const TAK_CONTACT_BINDERS = COMMAND_ROLES satisfies readonly Role[];

/**
 * Who sees and revokes the certificates issued to TAK devices
 * (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): cutting a device off is an
 * administrator's act, as binding is.
 */
export const TAK_CERTIFICATE_MANAGERS = COMMAND_ROLES satisfies readonly Role[];

/**
 * Who may mark any TAK data package public or private (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md):
 * besides the device that sent it, command, who curate what every device may download.
 */
export const TAK_PACKAGE_CURATORS = COMMAND_ROLES satisfies readonly Role[];
export function mayCurateTakPackages(role: string | null | undefined): boolean {
  return role != null && (TAK_PACKAGE_CURATORS as readonly string[]).includes(role);
}
export function mayReadTakContacts(role: string | null | undefined): boolean {
  return role != null && (TAK_CONTACT_READERS as readonly string[]).includes(role);
}

export function mayBindTakContacts(role: string | null | undefined): boolean {
  return role != null && (TAK_CONTACT_BINDERS as readonly string[]).includes(role);
}

export function mayManageTakCertificates(role: string | null | undefined): boolean {
  return role != null && (TAK_CERTIFICATE_MANAGERS as readonly string[]).includes(role);
}
