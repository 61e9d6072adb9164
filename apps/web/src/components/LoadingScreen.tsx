import { Radio, ShieldCheck, Video } from 'lucide-react';
import { TEXT } from '@argus/contracts/catalogue';
import { cn } from '../lib/class-names';
import { Spinner } from './ui/Spinner';

export type LoadingVariant = 'minimal' | 'default' | 'detailed';

export interface LoadingScreenProps {
  variant?: LoadingVariant;
  message?: string;
  /** 0-100; only passed by callers that really know how far along they are. */
  progress?: number;
  className?: string;
}

const DETAIL_ICONS = {
  Surveillance: Video,
  Communication: Radio,
  Security: ShieldCheck,
} as const;

/** The loading screen of docs/specification.md in its three variants, with an optional progress bar. */
export function LoadingScreen({ variant = 'default', message = TEXT.loading.defaultMessage, progress, className }: LoadingScreenProps) {
  const percent = progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(progress)));
  return (
    // Not a live region: the app has one (the announcer), and route changes are announced there.
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-4 text-center',
        variant === 'minimal' ? 'py-8' : 'min-h-[50dvh] py-12',
        className,
      )}
    >
      <Spinner className={variant === 'minimal' ? 'size-6' : 'size-10'} />
      <p className={variant === 'minimal' ? 'text-ink' : 'text-lg font-medium text-ink'}>{message}</p>
      {variant === 'detailed' ? (
        <ul className="flex gap-6" aria-label="Platform services">
          {TEXT.loading.detailedIcons.map((label) => {
            const Icon = DETAIL_ICONS[label];
            return (
              <li key={label} className="flex flex-col items-center gap-1 text-sm text-ink-muted">
                <Icon aria-hidden="true" className="size-6 text-gold" />
                {label}
              </li>
            );
          })}
        </ul>
      ) : null}
      {percent !== undefined ? (
        <div className="w-64 max-w-full">
          <div
            role="progressbar"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Loading progress"
            className="h-2 overflow-hidden rounded-full bg-surface-raised"
          >
            <div className="h-full bg-gold transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-ink-muted">{TEXT.loading.progress(percent)}</p>
        </div>
      ) : null}
    </div>
  );
}
