/** Alerts (docs/decisions/0012-core-entities.md, docs/decisions/0013-threat-rules-engine.md): raised by rules, acknowledged by command. */
export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['new', 'acknowledged', 'resolved', 'dismissed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Two tiers (docs/decisions/0018-alerts-without-fatigue.md): camera detections are a quieter tier than alerts. */
export const ALERT_TIERS = ['alert', 'detection'] as const;
export type AlertTier = (typeof ALERT_TIERS)[number];

/** Why an alert was dismissed: dismissing always asks for one (docs/decisions/0018-alerts-without-fatigue.md). */
export const DISMISS_VERDICTS = ['False positive', 'Duplicate', 'Not actionable', 'Exercise or test', 'Already handled'] as const;
