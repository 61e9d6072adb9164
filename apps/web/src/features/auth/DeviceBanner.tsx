import { MonitorSmartphone } from 'lucide-react';
import { DEVICE_BANNERS } from '@argus/contracts/http/devices';
import { useAuth } from './auth-context';

/** A wall display or tracker says what it is on every page (docs/decisions/0051-device-sessions-and-retention.md). */
export function DeviceBanner() {
  const { session } = useAuth();
  const device = session?.device;
  if (!device) return null;
  return (
    <section aria-label="Device session" className="flex items-center gap-3 bg-surface-raised px-4 py-2 text-ink">
      <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">{`${DEVICE_BANNERS[device.kind]} · ${device.name}`}</p>
    </section>
  );
}
