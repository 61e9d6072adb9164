import { HealthPanel } from './HealthPanel';
import { StatusPanel } from './StatusPanel';

/** The stream gateway site's only page: public, no sign-in. */
export function StreamGatewayPage() {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <HealthPanel heading="Stream health" />
        <StatusPanel />
      </div>
      <section aria-labelledby="rooms-heading" className="rounded-lg border border-dashed border-line p-4">
        <h2 id="rooms-heading" className="mb-2 text-lg font-semibold">
          Live rooms and WHIP/WHEP endpoints
        </h2>
        <p>
          Not yet available. The list of live rooms and the WHIP and WHEP endpoints for external
          encoders and players arrive with the live video capability.
        </p>
      </section>
    </div>
  );
}
