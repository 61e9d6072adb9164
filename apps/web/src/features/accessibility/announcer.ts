import { useSyncExternalStore } from 'react';
import { SCREEN_READER_MESSAGE_MS } from '@argus/contracts/constants';

/** Screen-reader announcements: one message at a time, removed after a second (docs/specification.md section 4). */
let message = '';
let clearTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: string): void {
  message = next;
  for (const listener of listeners) listener();
}

export function announce(text: string): void {
  clearTimeout(clearTimer);
  publish(text);
  clearTimer = setTimeout(() => publish(''), SCREEN_READER_MESSAGE_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): string {
  return message;
}

export function useAnnouncement(): string {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
