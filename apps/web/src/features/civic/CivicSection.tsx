import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { useUpdateCivicSettingsMutation } from './civic.mutations';
import { civicQueries } from './civic.queries';

/**
 * Settings › Civic reports, for administrators: whether the civic site takes reports from people
 * without an account (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 */
export function CivicSection() {
  const settings = useQuery(civicQueries.settings());
  const update = useUpdateCivicSettingsMutation();
  const checkboxId = useId();
  const anonymous = update.isPending ? update.variables.anonymousReports : (settings.data?.anonymousReports ?? true);

  return (
    <section aria-labelledby="civic-heading" className="space-y-2">
      <h2 id="civic-heading" className="text-xl font-semibold">
        Civic reports
      </h2>
      <div className="flex max-w-xl items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-5"
          checked={anonymous}
          disabled={!settings.data || update.isPending}
          onChange={(event) => update.mutate({ anonymousReports: event.target.checked })}
        />
        <label htmlFor={checkboxId}>
          <span className="block font-medium">Take reports without an account</span>
          <span className="block text-sm text-ink-muted">
            Anyone may report on the civic site and follow the report through a private link; limited per address. Turned off, the civic
            site asks people to sign in or create an account first.
          </span>
        </label>
      </div>
      {settings.isError ? <FormMessage tone="error">{`Could not load the setting: ${describeError(settings.error)}`}</FormMessage> : null}
      {update.isError ? <FormMessage tone="error">{`Could not save the setting: ${describeError(update.error)}`}</FormMessage> : null}
    </section>
  );
}
