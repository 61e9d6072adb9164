import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProblem } from '../../components/ui/QueryProblem';
import { dispatchCapabilityQueries } from './dispatch-capabilities.queries';
import { DispatchCapabilitiesForm } from './DispatchCapabilitiesForm';

/** The section's anchor: /settings#dispatch. */
const DISPATCH_SECTION_ID = 'dispatch';

/**
 * Settings › Dispatch capabilities, for the roles that manage it (docs/decisions/0039-dispatch-by-capability.md):
 * what each unit kind can do and how fast it travels, and what each incident category needs.
 */
export function DispatchCapabilitiesSection() {
  const table = useQuery(dispatchCapabilityQueries.table());
  const section = useRef<HTMLElement>(null);
  const [saved, setSaved] = useState(false);

  // The page renders after the session check, too late for the browser's own jump to #dispatch.
  useEffect(() => {
    if (window.location.hash === `#${DISPATCH_SECTION_ID}`) section.current?.scrollIntoView();
  }, [table.isSuccess]);

  return (
    <section ref={section} id={DISPATCH_SECTION_ID} aria-labelledby="dispatch-capabilities-heading" className="scroll-mt-4 space-y-4">
      <h2 id="dispatch-capabilities-heading" className="text-xl font-semibold">
        Dispatch capabilities
      </h2>
      <p className="text-ink-muted">
        The dispatch panel lists first the available units whose kind has a capability the incident’s category needs, then the others, each
        with an ETA from its kind’s typical speed in a straight line.
      </p>
      <QueryProblem query={table} loading="Loading dispatch capabilities..." what="the dispatch capabilities" />
      {/* A new key after each save starts the form again from what the server kept. */}
      {table.isSuccess ? (
        <DispatchCapabilitiesForm key={table.data.updatedAt ?? 'seeded'} table={table.data} saved={saved} onSavedChange={setSaved} />
      ) : null}
    </section>
  );
}
