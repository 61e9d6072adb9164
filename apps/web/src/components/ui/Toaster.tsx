import { useEffect } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST } from '@argus/contracts/constants';
import { cn } from '../../lib/class-names';
import { showQueuedToast, useToast } from './toast-store';

/** Renders the toast store through Radix Toast: one at a time, 5 s, swipe right to dismiss. */
export function Toaster() {
  const { toasts, dismiss } = useToast();

  useEffect(() => {
    showQueuedToast();
  }, []);

  return (
    <ToastPrimitive.Provider duration={TOAST.durationMs} swipeThreshold={TOAST.swipeThreshold} swipeDirection="right">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          className={cn(
            'toast-root flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg',
            item.variant === 'destructive' ? 'border-danger bg-danger-surface text-white' : 'border-gold bg-surface-raised text-ink',
          )}
        >
          <div className="min-w-0 flex-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? <ToastPrimitive.Description className="mt-1 text-sm">{item.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close aria-label="Close notification" className="rounded p-1 hover:bg-black/30">
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="no-print fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
