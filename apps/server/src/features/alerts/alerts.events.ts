import type { Channel } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentAlert } from './alerts.presenter';
import type { AlertRow } from './alerts.repository';

/** Alerts reach operations ("alerts"); public ones reach everyone ("public-alerts") too. */
function alertChannels(row: AlertRow): Channel[] {
  return row.public === 1 ? ['alerts', 'public-alerts'] : ['alerts'];
}

export const alertEvents = {
  created: (row: AlertRow): OperationalEvent => ({
    type: 'alert.created',
    channels: alertChannels(row),
    data: presentAlert(row),
    priority: row.severity === 'critical' ? 'critical' : 'high',
  }),
  updated: (row: AlertRow): OperationalEvent => ({ type: 'alert.updated', channels: alertChannels(row), data: presentAlert(row) }),
};
