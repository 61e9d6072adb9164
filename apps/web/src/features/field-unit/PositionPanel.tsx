import { useId } from 'react';
import * as Switch from '@radix-ui/react-switch';
import { LocateFixed } from 'lucide-react';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { coordinateReadings } from '../../lib/geo/format-coordinate';
import { cn } from '../../lib/class-names';
import { clockTime } from '../../lib/time-format';
import type { DevicePosition } from '../../lib/geo/device-position';

export interface PositionPanelProps {
  position: DevicePosition;
  sharing: boolean;
  onSharingChange: (on: boolean) => void;
  /** When the last fix was handed to the outbox for sending. */
  lastQueuedAt: number | null;
  /** No unit to share for: the switch is off and says why. */
  disabled: boolean;
  /** The unit is on duty (not out of service): only then is its position shared. */
  onDuty: boolean;
}

/** Where this device is (with its accuracy) and the switch that shares it with command. */
export function PositionPanel({ position, sharing, onSharingChange, lastQueuedAt, disabled, onDuty }: PositionPanelProps) {
  const headingId = useId();
  const switchId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <LocateFixed aria-hidden="true" className="size-5 text-gold" />
        My position
      </h2>
      <div className="flex min-h-12 items-center justify-between gap-3">
        <label htmlFor={switchId} className="text-lg font-medium">
          Share my position
        </label>
        <Switch.Root
          id={switchId}
          checked={sharing && !disabled}
          disabled={disabled}
          onCheckedChange={onSharingChange}
          className={cn(
            'relative h-9 w-16 shrink-0 rounded-full border-2 transition-colors disabled:opacity-50',
            sharing && !disabled ? 'border-gold bg-gold' : 'border-line bg-surface-sunken',
          )}
        >
          <Switch.Thumb
            className={cn(
              'block size-7 rounded-full bg-ink shadow transition-transform',
              sharing && !disabled ? 'translate-x-7 bg-on-gold' : 'translate-x-0.5',
            )}
          />
        </Switch.Root>
      </div>
      <PositionReadout position={position} />
      {sharing && !disabled && onDuty ? (
        <p className="text-sm text-ink-muted">
          {lastQueuedAt
            ? `Last position queued ${clockTime(lastQueuedAt)}; posted at most every 10 s or 25 m.`
            : 'Waiting for the first fix to share.'}
        </p>
      ) : null}
      {sharing && !disabled && !onDuty ? <p className="text-sm text-ink-muted">Not shared while your unit is out of service.</p> : null}
    </section>
  );
}

function PositionReadout({ position }: { position: DevicePosition }) {
  // The field reads the grid reference first until the user chooses otherwise.
  const format = useCoordinateFormat('mgrs');
  switch (position.status) {
    case 'waiting':
      return <p className="text-ink-muted">Finding this device’s location...</p>;
    case 'unsupported':
      return <p className="text-warning">This browser cannot tell where it is.</p>;
    case 'error':
      return <p className="text-warning">{position.message}</p>;
    case 'fix': {
      const accuracy = position.location.accuracy;
      const [preferred, other] = coordinateReadings(position.location, format);
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{preferred.name}</dt>
          <dd className="font-mono font-semibold">{preferred.text}</dd>
          <dt className="text-ink-muted">{other.name}</dt>
          <dd className="font-mono">{other.text}</dd>
          <dt className="text-ink-muted">Accuracy</dt>
          <dd className={cn('font-semibold', accuracy !== undefined && accuracy > 100 ? 'text-warning' : 'text-success')}>
            {accuracy === undefined ? 'unknown' : `±${Math.round(accuracy)} m`}
          </dd>
        </dl>
      );
    }
  }
}
