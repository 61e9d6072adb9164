import { AccessibilityControls } from '../accessibility/AccessibilityControls';

/** The same controls as the accessibility panel, for people who look for them under Settings. */
export function AccessibilitySection() {
  return (
    <section aria-labelledby="accessibility-heading" className="space-y-2">
      <h2 id="accessibility-heading" className="text-xl font-semibold">
        Accessibility
      </h2>
      <p className="text-ink-muted">Saved on this device.</p>
      <div className="max-w-xl">
        <AccessibilityControls />
      </div>
    </section>
  );
}
