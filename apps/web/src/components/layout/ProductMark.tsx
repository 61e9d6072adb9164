/** The shield-and-eye glyph of the app icon, inline so it follows the high-contrast palette. */
export function ProductMark() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="size-7">
      <path d="M11 9.5Q32 4 53 9.5V33Q50 48 32 59Q14 48 11 33Z" fill="currentColor" />
      <path d="M19 29.5Q32 17 45 29.5Q32 42 19 29.5Z" fill="var(--color-surface)" />
      <circle cx="32" cy="29.5" r="4.6" fill="currentColor" />
      <circle cx="32" cy="29.5" r="1.9" fill="var(--color-surface)" />
    </svg>
  );
}
