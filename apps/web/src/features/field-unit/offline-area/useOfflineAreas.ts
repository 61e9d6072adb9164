import { useEffect, useState } from 'react';
import { AREAS_CHANGED, listOfflineAreas, type OfflineArea } from '../../../lib/map/offline-areas';

/** The areas saved on this phone, kept current when one is saved or deleted (here or in another tab). */
export function useOfflineAreas(): OfflineArea[] {
  const [areas, setAreas] = useState(listOfflineAreas);
  useEffect(() => {
    const refresh = () => setAreas(listOfflineAreas());
    window.addEventListener(AREAS_CHANGED, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(AREAS_CHANGED, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return areas;
}
