import { useCallback, useEffect, useRef, useState } from 'react';
import { DetectorConfigResponse } from '@argus/contracts/http/cameras';
import { api } from '../../lib/api';
import type { DetectorClient } from '../../lib/detection/detector-client';

export type DetectorState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; backend: string; simd: boolean; loadMs: number; workers: number }
  | { phase: 'failed'; message: string };

/**
 * The page's one detector, started the first time a feed wants analysing. Its code, the model
 * and the WebAssembly (about 3.7 MB gzipped) load only then, never with the rest of the app.
 */
export function useDetector() {
  const [state, setState] = useState<DetectorState>({ phase: 'idle' });
  const client = useRef<DetectorClient | null>(null);
  const starting = useRef<Promise<DetectorClient> | null>(null);

  const start = useCallback((): Promise<DetectorClient> => {
    starting.current ??= (async () => {
      setState({ phase: 'loading' });
      try {
        // The server names the model (DETECTION_MODEL_URL), so a site can supply its own.
        const [{ DetectorClient, DEFAULT_DETECTOR_SETTINGS }, served] = await Promise.all([
          import('../../lib/detection/detector-client'),
          api.get('/cameras/detector', DetectorConfigResponse),
        ]);
        const detector = new DetectorClient({ ...DEFAULT_DETECTOR_SETTINGS, ...served });
        client.current = detector;
        const ready = await detector.ready;
        setState({ phase: 'ready', ...ready });
        return detector;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        setState({ phase: 'failed', message });
        throw error;
      }
    })();
    return starting.current;
  }, []);

  useEffect(() => () => client.current?.terminate(), []);

  return { state, start };
}
