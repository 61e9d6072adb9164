import type { OperationalEvent } from '../../realtime/events';
import { presentAlert, presentPublicAlert } from './alerts.presenter';
import type { AlertRow } from './alerts.repository';

/**
 * Alerts reach operations ("alerts") whole. A public alert also reaches everyone ("public-alerts"),
 * where civic reporters and field phones listen, in the shape the public reads of it: who published
 * or acknowledged it, its sources and its handling stay with staff.
 */
export const alertEvents = {
  created: (row: AlertRow): OperationalEvent[] => [
    { type: 'alert.created', channels: ['alerts'], data: presentAlert(row), priority: row.severity === 'critical' ? 'critical' : 'high' },
    ...(row.public === 1
      ? [{ type: 'public-alert.created', channels: ['public-alerts'], data: presentPublicAlert(row) } satisfies OperationalEvent]
      : []),
  ],
  updated: (row: AlertRow): OperationalEvent[] => [
    { type: 'alert.updated', channels: ['alerts'], data: presentAlert(row) },
    ...(row.public === 1
      ? [{ type: 'public-alert.updated', channels: ['public-alerts'], data: presentPublicAlert(row) } satisfies OperationalEvent]
      : []),
  ],
};
