import { EndpointTable } from './EndpointTable';
import { HealthPanel } from './HealthPanel';
import { StatusPanel } from './StatusPanel';

/** The API gateway site's only page: public, no sign-in. */
export function ApiGatewayPage() {
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-ink-muted">The Argus HTTP API. Every endpoint below is described in the OpenAPI document.</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <HealthPanel heading="Health" />
        <StatusPanel />
      </div>
      <EndpointTable />
    </div>
  );
}
