import { useAnnouncement } from './announcer';

/** The app's single polite live region; `announce()` writes into it. */
export function LiveRegion() {
  const message = useAnnouncement();
  return (
    <div id="argus-announcer" role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
