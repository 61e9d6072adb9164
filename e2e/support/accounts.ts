import type { Role } from '@argus/contracts/roles';

/** One account per role, created by the global setup before the server starts. */
export const E2E_PASSWORD = 'Harbor-Lantern-Quartz-71';

export const ACCOUNTS: Record<Role, { email: string; fullName: string }> = {
  Super_Admin: { email: 'super@e2e.argus.test', fullName: 'Sasha Super' },
  Command_Admin: { email: 'command@e2e.argus.test', fullName: 'Casey Command' },
  Intelligence_Analyst: { email: 'analyst@e2e.argus.test', fullName: 'Avery Analyst' },
  Field_Unit: { email: 'field@e2e.argus.test', fullName: 'Frankie Field' },
  Civic_Reporter: { email: 'civic@e2e.argus.test', fullName: 'Robin Reporter' },
};

/** An inactive account, to prove switching refuses it. */
export const INACTIVE_ACCOUNT = { email: 'retired@e2e.argus.test', fullName: 'Rowan Retired' };

/** A field unit who sets up two-factor authentication in the browser test of it. */
export const MFA_ACCOUNT = { email: 'two-factor@e2e.argus.test', fullName: 'Morgan Twofactor' };

/** The unit the Field_Unit account crews, created by the global setup. */
export const E2E_UNIT = { callsign: 'E2E-1', kind: 'patrol' } as const;
