import { seesEveryRow } from '@argus/contracts/policies/visibility';
import { AppError } from '../../lib/app-error';
import type { FieldScopeRepository } from '../../realtime/field-scope.repository';
import type { UserRow } from '../users/users.repository';
import type { EvidenceRepository, EvidenceRow } from './evidence.repository';

/** Command and analysts read and review all evidence; a field unit sees what it captured; civic reporters have no evidence routes. */
export const reviewsEvidence = (user: Pick<UserRow, 'role'>) => seesEveryRow(user.role);

/**
 * Whether the uploader may file evidence under the incident: reviewers under any incident there is,
 * a field unit only under those its unit is assigned to right now (the same rule as its realtime
 * channels). The caller answers both refusals alike, so incident ids cannot be probed.
 */
export async function mayFileUnder(
  evidence: Pick<EvidenceRepository, 'incidentExists'>,
  fieldScope: Pick<FieldScopeRepository, 'forUser'>,
  uploader: UserRow,
  incidentId: string,
): Promise<boolean> {
  if (reviewsEvidence(uploader)) return evidence.incidentExists(incidentId);
  return (await fieldScope.forUser(uploader.id)).incidentIds.has(incidentId);
}

/** The item, if the viewer may see it; otherwise the same "not found" as for an item that does not exist, so ids are not probed. */
export async function findVisibleItem(evidence: EvidenceRepository, viewer: UserRow, id: string): Promise<EvidenceRow> {
  const item = await evidence.find(id);
  if (!item || (!reviewsEvidence(viewer) && item.captured_by !== viewer.id)) throw new AppError('not_found', 'No such evidence item.');
  return item;
}
