import { useCallback, useRef, useState } from 'react';
import type { MapFocus } from './overlay';

/** Where a page asks its map to fly; every request gets a new key, so flying back to the same place still moves the map. */
export function useMapFocus(defaultZoom: number) {
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const requests = useRef(0);
  const focusOn = useCallback(
    (location: { lat: number; lon: number } | null, zoom = defaultZoom) => {
      if (!location) return;
      requests.current += 1;
      setFocus({ location, zoom, key: requests.current });
    },
    [defaultZoom],
  );
  return { focus, focusOn };
}
