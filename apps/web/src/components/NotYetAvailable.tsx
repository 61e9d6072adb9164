import { Construction } from 'lucide-react';

/**
 * What a page will hold, said plainly, until its capability is built. No controls or sample
 * data: nothing on it pretends to work.
 */
export function NotYetAvailable({ children }: { children: string }) {
  return (
    <section aria-labelledby="not-yet-available" className="max-w-3xl space-y-3 rounded-lg border border-dashed border-line p-4">
      <h2 id="not-yet-available" className="flex items-center gap-2 text-lg font-semibold">
        <Construction aria-hidden="true" className="size-5 text-gold" />
        Not yet available
      </h2>
      <p>{children}</p>
    </section>
  );
}
