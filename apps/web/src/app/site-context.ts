import { createContext, useContext } from 'react';
import type { SiteExperience } from '@argus/contracts/sites';

/** Which site this page was opened on; fixed for the page's lifetime. */
export const SiteContext = createContext<SiteExperience>('main');

export function useSite(): SiteExperience {
  return useContext(SiteContext);
}
