import { HealthPanel } from './HealthPanel';
import { StatusPanel } from './StatusPanel';
import { StreamRoomsPanel } from './StreamRoomsPanel';

/** The stream gateway site's only page: platform health for anyone, live rooms for signed-in staff. */
export function StreamGatewayPage() {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <HealthPanel heading="Stream health" />
        <StatusPanel />
      </div>
      <StreamRoomsPanel />
    </div>
  );
}
