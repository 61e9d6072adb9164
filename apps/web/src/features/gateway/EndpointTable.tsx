import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { listEndpoints } from '../platform/openapi';
import { platformQueries } from '../platform/platform.queries';

/** Every route of the API, read from the server's own OpenAPI document. */
export function EndpointTable() {
  const openApi = useQuery(platformQueries.openApi());
  return (
    <section aria-labelledby="endpoints-heading" className="rounded-lg border border-line bg-surface-raised p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          Endpoints
        </h2>
        <a href="/openapi.json" className="text-gold underline">
          API reference
        </a>
      </div>
      {openApi.isPending ? <p>Loading the API reference...</p> : null}
      {openApi.isError ? <p className="text-danger">{`API reference unavailable: ${describeError(openApi.error)}`}</p> : null}
      {openApi.data ? (
        // Focusable so keyboard users can scroll it sideways on a phone.
        <div role="region" aria-label="Endpoint list" tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{`${openApi.data.info.title} ${openApi.data.info.version} endpoints`}</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3">
                  Method
                </th>
                <th scope="col" className="py-1 pr-3">
                  Path
                </th>
                <th scope="col" className="py-1">
                  Summary
                </th>
              </tr>
            </thead>
            <tbody>
              {listEndpoints(openApi.data).map((endpoint) => (
                <tr key={`${endpoint.method} ${endpoint.path}`} className="border-b border-line align-top">
                  <td className="py-1 pr-3 font-mono font-semibold text-gold">{endpoint.method}</td>
                  <td className="py-1 pr-3 font-mono whitespace-nowrap">{endpoint.path}</td>
                  <td className="min-w-40 py-1">{endpoint.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
