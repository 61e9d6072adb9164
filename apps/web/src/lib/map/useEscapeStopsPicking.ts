import { useEffect } from 'react';

/** While a page waits for a place picked on its map, Escape leaves that mode without choosing one. */
export function useEscapeStopsPicking(picking: boolean, setPicking: (picking: boolean) => void): void {
  useEffect(() => {
    if (!picking) return undefined;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPicking(false);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [picking, setPicking]);
}
