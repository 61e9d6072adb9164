import { cn } from '../../lib/class-names';
import { CONNECTION_LABELS, type ConnectionState } from './connection-state';
import { useConnectionState } from './useConnectionState';

const DOT: Record<ConnectionState, string> = {
  checking: 'bg-ink-muted',
  online: 'bg-success',
  degraded: 'bg-warning',
  offline: 'bg-danger',
};

/** A dot and a word in the header; the word is the accessible part, the colour only repeats it. */
export function ConnectionIndicator() {
  const state = useConnectionState();
  return (
    <p className="flex items-center gap-1.5 text-sm" data-connection-state={state}>
      <span aria-hidden="true" className={cn('inline-block size-2.5 rounded-full', DOT[state])} />
      <span className="sr-only">Connection: </span>
      {CONNECTION_LABELS[state]}
    </p>
  );
}
