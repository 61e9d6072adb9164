export const SKIP_LINK_ID = 'skip-link';

/** The first stop in the tab order: jumps past the header and navigation to the page itself. Off-screen until focused. */
export function SkipLink() {
  return (
    <a
      id={SKIP_LINK_ID}
      href="#main-content"
      className="fixed top-2 left-2 z-[60] no-print -translate-y-[200%] rounded-md bg-gold px-4 py-2 font-semibold text-on-gold focus:translate-y-0"
    >
      Skip to main content
    </a>
  );
}
