import { History } from 'lucide-react';
import { asOfLabel } from '../../lib/device-cache';
import { formatClock } from '../../lib/time-format';

/**
 * "as of 14:05" beside data the phone kept from an earlier visit and has not refreshed yet
 * (docs/decisions/0043-the-field-phone-offline-and-attention.md); nothing once the server answered.
 */
export function AsOfTag({ dataUpdatedAt }: { dataUpdatedAt: number }) {
  const label = asOfLabel(dataUpdatedAt, (at) => formatClock(at, Date.now()));
  if (!label) return null;
  return (
    <span
      title="Kept on this phone from an earlier visit; it is refreshed as soon as there is a connection."
      className="inline-flex items-center gap-1 rounded border border-warning px-1.5 py-0.5 text-sm font-normal text-warning"
    >
      <History aria-hidden="true" className="size-4" />
      {label}
    </span>
  );
}
