import { useEffect, useRef } from 'react';
import { commandShortcut, type CommandAction } from './command-shortcuts';

/**
 * Listens for the /command shortcuts (command-shortcuts.ts) and runs the page's handler for each.
 * The handlers are read fresh on every key, so they may close over the page's current state.
 */
export function useCommandShortcuts(handlers: Record<CommandAction, () => void>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog (the shortcuts overlay, a confirmation) has the keyboard while it is open.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]') && event.key !== '?') return;
      const action = commandShortcut(event);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Moves the keyboard to the first element the selector finds once the page has drawn it. */
export function focusSoon(selector: string): void {
  requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus()));
}
