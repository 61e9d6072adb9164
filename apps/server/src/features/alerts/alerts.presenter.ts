import type { Alert, PublicAlert } from '@argus/contracts/http/alerts';
import type { AlertRow } from './alerts.repository';

export function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    rule: row.rule,
    severity: row.severity,
    title: row.title,
    detail: row.detail,
    location: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
    radiusM: row.radius_m,
    public: row.public === 1,
    status: row.status,
    sources: JSON.parse(row.sources) as Alert['sources'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    acknowledgedBy: row.acknowledged_by,
    acknowledgedAt: row.acknowledged_at,
    tier: row.tier,
    occurrences: row.occurrences,
    zoneId: row.zone_id,
    verdict: row.verdict,
    latency: {
      eventAt: row.event_at,
      ingestedAt: row.ingested_at,
      alertedAt: row.created_at,
      firstDeliveredAt: row.first_delivered_at,
      acknowledgedAt: row.acknowledged_at,
    },
  };
}

/** What the public reads of an alert (contracts: PublicAlert). */
export function presentPublicAlert(row: AlertRow): PublicAlert {
  const { id, severity, title, detail, location, radiusM, createdAt, updatedAt } = presentAlert(row);
  return { id, severity, title, detail, location, radiusM, createdAt, updatedAt };
}
