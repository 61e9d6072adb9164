import { CloudOff, CloudUpload, Wifi } from 'lucide-react';
import { cn } from '../../lib/class-names';
import { useOnline } from '../../lib/useOnline';

/**
 * Online or offline, said plainly at the top of a field screen, with what the outbox holds:
 * offline is normal in the field, so it reads as information rather than an error.
 */
export function ConnectionBanner({ waiting, refused = 0 }: { waiting: number; refused?: number }) {
  const online = useOnline();
  const Icon = !online ? CloudOff : waiting ? CloudUpload : Wifi;
  const message = !online
    ? waiting
      ? `Offline. ${waiting} saved on this device, sent when the signal returns.`
      : 'Offline. What you do is saved on this device and sent when the signal returns.'
    : waiting
      ? `Online. Sending ${waiting}...`
      : refused
        ? 'Online.'
        : 'Online. Everything is sent.';
  const refusal = refused ? ` ${refused} not accepted by the server: see the outbox.` : '';
  return (
    <p
      role="status"
      data-online={online}
      className={cn(
        'flex min-h-12 items-center gap-2 rounded-lg border px-3 py-2 font-medium',
        online ? 'border-line bg-surface-raised text-ink' : 'border-warning bg-surface-sunken text-warning',
      )}
    >
      <Icon aria-hidden="true" className={cn('size-5 shrink-0', online ? 'text-success' : 'text-warning')} />
      <span>
        {message}
        {refusal ? <span className="text-danger">{refusal}</span> : null}
      </span>
      {waiting || refused ? (
        <a href="#outbox" className="ml-auto shrink-0 underline">
          Outbox
        </a>
      ) : null}
    </p>
  );
}
