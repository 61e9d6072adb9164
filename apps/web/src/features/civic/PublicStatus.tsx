import { Check } from 'lucide-react';
import { PUBLIC_STAGES, PUBLIC_STAGE_TEXT, type PublicStage } from '@argus/contracts/civic-status';
import { cn } from '../../lib/class-names';

const STAGE_TONES: Record<PublicStage, string> = {
  received: 'border-line text-ink',
  under_review: 'border-warning text-warning',
  responders_notified: 'border-success text-success',
  responders_on_scene: 'border-success text-success',
  closed: 'border-line text-ink-muted',
};

/** A report's public status as a pill (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). */
export function StatusPill({ stage, text }: { stage: PublicStage; text: string }) {
  return (
    <span data-testid="public-status" className={cn('rounded-full border px-2.5 py-0.5 text-sm font-semibold', STAGE_TONES[stage])}>
      {text}
    </span>
  );
}

/** The outcome a closed report was given: the rejection reason or command's note for the public. */
export function OutcomeNote({ outcome }: { outcome: string | null }) {
  if (!outcome) return null;
  return (
    <p data-testid="public-outcome" className="mt-2 rounded-md border-l-4 border-gold bg-surface-sunken p-2 text-sm whitespace-pre-wrap">
      <span className="block font-semibold">Outcome</span>
      {outcome}
    </p>
  );
}

/** The stages of an open report in order, those passed ticked and the current one marked for screen readers too. */
export function StageSteps({ stage }: { stage: PublicStage }) {
  const current = PUBLIC_STAGES.indexOf(stage);
  return (
    <ol aria-label="Progress" className="space-y-1">
      {PUBLIC_STAGES.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? 'step' : undefined}
          className={cn(
            'flex items-center gap-2 text-sm',
            index > current ? 'text-ink-muted' : 'text-ink',
            index === current && 'font-semibold',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-5 items-center justify-center rounded-full border',
              index <= current ? 'border-success bg-success/20' : 'border-line',
            )}
          >
            {index < current ? <Check className="size-3" /> : null}
          </span>
          {PUBLIC_STAGE_TEXT[step]}
        </li>
      ))}
    </ol>
  );
}
