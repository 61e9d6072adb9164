import { useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Siren } from 'lucide-react';
import { Button } from '../../components/ui/Button';

/** How long a finger must stay on SOS: long enough that a pocket or a slip does not send it. */
export const SOS_HOLD_MS = 2_000;

export interface SosButtonProps {
  onRaise: () => void;
  /** SOS is already raised (sent or waiting to send). */
  active: boolean;
}

/**
 * SOS takes a deliberate act: hold for two seconds, or tap and confirm (the path for keyboards and
 * screen readers, whose activation is a single click).
 */
export function SosButton({ onRaise, active }: SosButtonProps) {
  const [progress, setProgress] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const hold = useRef<{ started: number; frame: number } | null>(null);
  const raisedByHold = useRef(false);

  const stopHold = () => {
    if (hold.current) cancelAnimationFrame(hold.current.frame);
    hold.current = null;
    setProgress(0);
  };

  useEffect(
    () => () => {
      if (hold.current) cancelAnimationFrame(hold.current.frame);
    },
    [],
  );

  const startHold = () => {
    stopHold();
    const started = performance.now();
    const tick = (now: number) => {
      const share = Math.min(1, (now - started) / SOS_HOLD_MS);
      setProgress(share);
      if (share >= 1) {
        hold.current = null;
        raisedByHold.current = true;
        setProgress(0);
        onRaise();
        return;
      }
      hold.current = { started, frame: requestAnimationFrame(tick) };
    };
    hold.current = { started, frame: requestAnimationFrame(tick) };
  };

  const handleClick = () => {
    // The click that ends a completed hold must not also open the confirmation.
    if (raisedByHold.current) {
      raisedByHold.current = false;
      return;
    }
    setConfirming(true);
  };

  return (
    <>
      <button
        type="button"
        onPointerDown={(event) => {
          if (event.button === 0) startHold();
        }}
        onPointerUp={stopHold}
        onPointerLeave={stopHold}
        onPointerCancel={stopHold}
        onContextMenu={(event) => event.preventDefault()}
        onClick={handleClick}
        aria-describedby="sos-hint"
        className="relative flex min-h-16 w-full touch-none select-none items-center justify-center gap-3 overflow-hidden rounded-xl border-2 border-danger bg-danger-surface text-xl font-bold tracking-wide text-white [-webkit-touch-callout:none]"
      >
        <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-danger/60" style={{ width: `${progress * 100}%` }} />
        <Siren aria-hidden="true" className="relative size-7" />
        <span className="relative">{active ? 'SOS again' : 'SOS'}</span>
      </button>
      <p id="sos-hint" className="sr-only">
        Hold for two seconds, or press and confirm, to alert command that your unit needs help.
      </p>
      <Dialog.Root open={confirming} onOpenChange={setConfirming}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
          <Dialog.Content className="fixed inset-x-4 top-1/4 z-50 mx-auto max-w-md space-y-4 rounded-xl border-2 border-danger bg-surface-raised p-5">
            <Dialog.Title className="flex items-center gap-2 text-xl font-bold text-danger">
              <Siren aria-hidden="true" className="size-6" />
              Send SOS?
            </Dialog.Title>
            <Dialog.Description>
              Command is alerted at once with your position, and your unit stays in emergency until command clears it.
            </Dialog.Description>
            <div className="grid grid-cols-2 gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary" className="min-h-14">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button
                variant="danger"
                className="min-h-14 text-lg font-bold"
                onClick={() => {
                  setConfirming(false);
                  onRaise();
                }}
              >
                Send SOS
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
