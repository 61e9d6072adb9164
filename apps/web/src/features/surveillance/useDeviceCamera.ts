import { useCallback, useEffect, useState } from 'react';

export type DeviceCameraState =
  { phase: 'off' } | { phase: 'starting' } | { phase: 'live'; stream: MediaStream; label: string } | { phase: 'failed'; message: string };

function explain(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError')
      return 'Camera permission was refused. Allow the camera for this site in the browser and try again.';
    if (error.name === 'NotFoundError' || error.name === 'OverconstrainedError') return 'No camera is attached to this device.';
    if (error.name === 'NotReadableError') return 'The camera is in use by another application.';
  }
  if (typeof navigator !== 'undefined' && !navigator.mediaDevices)
    return 'This browser gives no camera access here (it needs https or localhost).';
  return `The camera could not be started: ${error instanceof Error ? error.message : String(error)}`;
}

/** A camera attached to the operator's own machine, as a stand-in or a real source for a registered camera. */
export function useDeviceCamera() {
  const [state, setState] = useState<DeviceCameraState>({ phase: 'off' });

  const start = useCallback(async () => {
    setState({ phase: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 768 }, height: { ideal: 576 }, frameRate: { ideal: 15 } },
        audio: false,
      });
      setState({ phase: 'live', stream, label: stream.getVideoTracks()[0]?.label || 'This device’s camera' });
    } catch (error) {
      setState({ phase: 'failed', message: explain(error) });
    }
  }, []);

  const stream = state.phase === 'live' ? state.stream : null;
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  return { state, start, stop: () => setState({ phase: 'off' }) };
}
