import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxItem } from '../../lib/outbox/outbox-item';
import { useOutboxDelivered } from '../../lib/outbox/useOutbox';
import { reportQueries } from './reports.queries';

/**
 * Reports are filed through the outbox (written on the device first, then sent): each time one
 * is delivered, the reports are read again, so the reporter's list shows it as the server holds it.
 */
export function useReportDeliveredUpdates(): void {
  const queryClient = useQueryClient();
  const handleDelivered = useCallback(
    (item: OutboxItem) => {
      if (item.action.kind === 'report') void queryClient.invalidateQueries({ queryKey: reportQueries.all });
    },
    [queryClient],
  );
  useOutboxDelivered(handleDelivered);
}
