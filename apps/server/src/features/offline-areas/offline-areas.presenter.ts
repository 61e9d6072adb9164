import type { SentOfflineArea } from '@argus/contracts/http/offline-areas';
import type { SentOfflineAreaRow } from './offline-areas.repository';

export function presentSentOfflineArea(row: SentOfflineAreaRow): SentOfflineArea {
  return {
    id: row.id,
    unitId: row.unit_id,
    basemapId: row.basemap_id,
    label: row.label,
    box: [row.west, row.south, row.east, row.north],
    sentBy: { id: row.sent_by, name: row.sent_by_name ?? 'name not recorded' },
    sentAt: Number(row.sent_at),
  };
}
