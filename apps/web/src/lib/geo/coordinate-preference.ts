import { useCallback, useSyncExternalStore } from 'react';
import { COORDINATE_FORMATS, type CoordinateFormat } from './format-coordinate';

/** Saved on the device, like the accessibility settings (docs/decisions/0031-coordinates-in-every-format.md). */
const STORAGE_KEY = 'argus.coordinateFormat';

const listeners = new Set<() => void>();
/** The choice when storage is blocked: it lasts for this page only, which still beats refusing it. */
let unsaved: CoordinateFormat | null = null;

const isCoordinateFormat = (value: unknown): value is CoordinateFormat => COORDINATE_FORMATS.some((format) => format === value);

/** The saved format, or null when none was chosen (or what was saved cannot be read). */
function readSavedFormat(): CoordinateFormat | null {
  if (unsaved) return unsaved;
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return isCoordinateFormat(saved) ? saved : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab that changes the choice changes this one too.
  const handleStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

/** Saves the choice (null: back to each page's own) and redraws every reading on the page. */
function saveFormat(next: CoordinateFormat | null) {
  try {
    if (next) window.localStorage.setItem(STORAGE_KEY, next);
    else window.localStorage.removeItem(STORAGE_KEY);
    unsaved = null;
  } catch {
    unsaved = next;
  }
  for (const listener of listeners) listener();
}

/** The user's chosen format, or null while they have not chosen, and a setter that saves it. */
export function useSavedCoordinateFormat(): [CoordinateFormat | null, (format: CoordinateFormat | null) => void] {
  const saved = useSyncExternalStore(subscribe, readSavedFormat, () => null);
  return [saved, useCallback(saveFormat, [])];
}

/**
 * The format a place shows coordinates in: the user's choice, or until they choose, the one the
 * place has always shown (`fallback`: degrees on the consoles, MGRS on the field pages).
 */
export function useCoordinateFormat(fallback: CoordinateFormat = 'decimal'): CoordinateFormat {
  return useSavedCoordinateFormat()[0] ?? fallback;
}
