/** The five roles of docs/specification.md (section 6), in order of authority. */
export const ROLES = ['Super_Admin', 'Command_Admin', 'Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const;
export type Role = (typeof ROLES)[number];

/** Command-level roles open every protected page; they are also the administrators. */
export const COMMAND_ROLES = ['Super_Admin', 'Command_Admin'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  Super_Admin: 'Super Admin',
  Command_Admin: 'Command Admin',
  Intelligence_Analyst: 'Intelligence Analyst',
  Field_Unit: 'Field Unit',
  Civic_Reporter: 'Civic Reporter',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isCommandRole(role: string | null | undefined): boolean {
  return role != null && (COMMAND_ROLES as readonly string[]).includes(role);
}

/**
 * The administrators (user management, switching users, required MFA) are the command roles:
 * one set under a second name that says why a check is made.
 * @alias
 */
export const isAdminRole = isCommandRole;

/**
 * Where a user lands after login (docs/specification.md section 2). Unknown roles go to "/".
 */
export function homeRouteFor(role: string | null | undefined): string {
  switch (role) {
    case 'Field_Unit':
      return '/fieldunit';
    case 'Civic_Reporter':
      return '/civic-reporter';
    case 'Intelligence_Analyst':
      return '/analyst';
    default:
      return '/';
  }
}
