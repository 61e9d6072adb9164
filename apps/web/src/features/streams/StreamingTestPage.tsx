import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /streaming-test: camera, microphone and an SFU round trip (DESIGN section 2). */
export function StreamingTestPage() {
  return (
    <NotYetAvailable>
      A camera and microphone preview with device choice, then a round trip through the SFU (publish
      and watch yourself back) with live statistics: resolution, frame rate, bitrate, packet loss,
      round-trip time, ICE candidate types and STUN reachability.
    </NotYetAvailable>
  );
}
