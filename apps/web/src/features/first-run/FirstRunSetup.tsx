import { lazy, Suspense, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { firstRunQueries } from './first-run.queries';

// Fetched only on an install that has no account yet, so everyday sign-in does not download it.
const FirstRunForm = lazy(async () => ({ default: (await import('./FirstRunForm')).FirstRunForm }));

/**
 * A new install's first administrator (docs/decisions/0045-first-run-setup-code.md): shown on the
 * main site's sign-in page only while the server says no account exists. The setup code proves the
 * person can read the terminal that started the server.
 */
export function FirstRunSetup() {
  const status = useQuery(firstRunQueries.status());
  const headingId = useId();
  if (!status.data?.open) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto mb-4 max-w-md rounded-xl border border-gold bg-surface-raised p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        Set up Argus
      </h2>
      <p className="mt-1 text-ink-muted">
        No account exists yet. Create the first administrator with the setup code the server printed in its terminal when it started.
      </p>
      <div className="mt-4">
        <Suspense fallback={null}>
          <FirstRunForm />
        </Suspense>
      </div>
    </section>
  );
}
