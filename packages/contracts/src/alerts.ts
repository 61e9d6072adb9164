/** Alerts (DESIGN sections 3 and 4): raised by rules, acknowledged by command. */
export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_STATUSES = ['new', 'acknowledged', 'resolved', 'dismissed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Rules that raise alerts; the threat engine adds its own. `public.notice` is a safety alert command publishes to the public. */
export const ALERT_RULES = ['unit.sos', 'public.notice'] as const;
