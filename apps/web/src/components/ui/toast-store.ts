import { useSyncExternalStore } from 'react';
import { TOAST } from '@argus/contracts/constants';

/**
 * A small toast store in the style of shadcn's: module state plus subscribers, so `toast()` can
 * be called from anywhere (api callbacks, the session timer) without a context.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; with a limit of one, it replaces whatever was showing. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = String(nextId);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST.limit));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes a toast; it stays mounted for the exit animation and is removed much later. */
export function dismissToast(id: string): void {
  publish(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST.removeDelayMs),
  );
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): ToastItem[] {
  return toasts;
}

export function useToast() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}

const PENDING_TOAST_KEY = 'argus.pendingToast';

/** Some actions end in a full reload (switching users); their toast is shown by the next page. */
export function queueToastForNextLoad(input: ToastInput): void {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Storage can be disabled; the reload still happens, only the confirmation is lost.
  }
}

/** Shows the toast queued before a reload, if any. */
export function showQueuedToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PENDING_TOAST_KEY);
    sessionStorage.removeItem(PENDING_TOAST_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const input = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof input.title === 'string') toast({ title: input.title, description: input.description, variant: input.variant });
  } catch {
    // A corrupt entry is dropped: it was only a confirmation message.
  }
}
