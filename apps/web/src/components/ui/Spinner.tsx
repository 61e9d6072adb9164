import { cn } from '../../lib/class-names';

/** A decorative spinner; the text next to it carries the meaning for assistive technology. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-6 animate-spin rounded-full border-2 border-gold border-t-transparent', className)}
    />
  );
}
