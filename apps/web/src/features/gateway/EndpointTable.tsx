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
                <th scope="col" className="hidden py-1 sm:table-cell">
                  Summary
                </th>
              </tr>
            </thead>
            <tbody>
              {listEndpoints(openApi.data).map((endpoint) => (
                <tr key={`${endpoint.method} ${endpoint.path}`} className="border-b border-line align-top">
                  <td className="py-1 pr-3 font-mono font-semibold text-gold">{endpoint.method}</td>
                  {/* On a phone the summary reads under its path: in a column of its own it was off the screen. */}
                  <td className="py-1 pr-3">
                    <span className="block break-all font-mono sm:whitespace-nowrap sm:break-normal">{endpoint.path}</span>
                    <span className="block text-ink-muted sm:hidden">{endpoint.summary}</span>
                  </td>
                  <td className="hidden min-w-40 py-1 sm:table-cell">{endpoint.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
