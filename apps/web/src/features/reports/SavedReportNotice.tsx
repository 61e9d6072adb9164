import { FormMessage } from '../../components/ui/FormMessage';
import type { OutboxItem } from '../../lib/outbox/outbox-item';

/**
 * What became of the report just saved: sent, on its way, or kept on the device for lack of a
 * connection. The last words appear only when the report is really waiting for one
 * (docs/decisions/0043-the-field-phone-offline-and-attention.md), not after every online send.
 */
export function SavedReportNotice({ item }: { item: OutboxItem | undefined }) {
  // Gone from the outbox list or marked sent: the server has it.
  if (!item || item.state === 'sent') return <FormMessage tone="success">Report sent. Follow it below.</FormMessage>;
  // A refusal is shown, with what to do, in the outbox list.
  if (item.state === 'failed') return null;
  const waitingForSignal = item.attempts > 0 || (typeof navigator !== 'undefined' && !navigator.onLine);
  if (!waitingForSignal) return <p className="text-ink-muted">Sending report...</p>;
  return (
    <FormMessage tone="success">Report saved on this device. It is sent as soon as there is a connection; follow it below.</FormMessage>
  );
}
