import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /stream-settings: video defaults and ICE servers (DESIGN section 2). */
export function StreamSettingsPage() {
  return (
    <NotYetAvailable>
      Default resolution, frame rate, bitrate, codec preference and simulcast; and for
      administrators, the STUN and TURN servers and how long recordings are kept.
    </NotYetAvailable>
  );
}
