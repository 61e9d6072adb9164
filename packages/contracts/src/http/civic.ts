import { z } from 'zod';
import { Timestamp } from './common';

/**
 * The civic site's settings (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md): whether
 * it takes reports from people without an account. Anyone may read them, since the civic page
 * decides what to offer from them; administrators change them.
 */
export const CivicSettings = z.object({
  anonymousReports: z.boolean(),
  updatedAt: Timestamp,
});
export type CivicSettings = z.infer<typeof CivicSettings>;
export const CivicSettingsResponse = z.object({ settings: CivicSettings });
export const UpdateCivicSettingsRequest = z.object({
  anonymousReports: z.boolean({ error: 'anonymousReports must be true or false.' }),
});
export type UpdateCivicSettingsRequest = z.infer<typeof UpdateCivicSettingsRequest>;
