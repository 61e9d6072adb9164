import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /production: multiview, program and briefing feed (DESIGN section 2). */
export function ProductionPage() {
  return (
    <NotYetAvailable>
      A multiview of all live streams with preview and program buses; take a source to program; a
      lower-third overlay (callsign, time, MGRS); the program output as a briefing feed viewers can
      join; and recording the program to evidence.
    </NotYetAvailable>
  );
}
