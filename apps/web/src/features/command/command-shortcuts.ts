/**
 * The dispatcher's keyboard on /command, CAD style: single keys, never while typing, never with
 * Ctrl, Alt or the command key (those belong to the browser and to the accessibility shortcuts).
 * One table: the "?" overlay and the README list these same entries.
 */
export const COMMAND_SHORTCUTS = [
  { key: 'n', action: 'new-incident', label: 'Open a new incident' },
  { key: 'j', action: 'next-incident', label: 'Next incident in the queue' },
  { key: 'k', action: 'previous-incident', label: 'Previous incident in the queue' },
  { key: 'd', action: 'dispatch', label: 'Dispatch: go to the open incident’s units to send' },
  { key: 'a', action: 'acknowledge', label: 'Alerts: go to the first one waiting for acknowledgement' },
  { key: '/', action: 'search', label: 'Search the map: Go to a place, street or coordinate' },
  { key: '?', action: 'help', label: 'Show or hide these shortcuts' },
] as const;

export type CommandAction = (typeof COMMAND_SHORTCUTS)[number]['action'];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** What has the keyboard: a field being typed in swallows every key. */
  target: EventTarget | null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return Boolean(element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'));
}

/** The action a key press asks for on /command, or null when it is not a shortcut there. */
export function commandShortcut(event: KeyLike): CommandAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return null;
  return COMMAND_SHORTCUTS.find((shortcut) => shortcut.key === event.key)?.action ?? null;
}

/** The incident j or k moves to: the next or previous in queue order, wrapping at neither end. */
export function stepThroughQueue(ids: readonly string[], current: string | null, direction: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index === -1) return direction === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, index + direction))]!;
}
