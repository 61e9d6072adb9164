import type { DetectorState } from './useDetector';

/** Whether the in-browser detector is loading, running (on which backend) or broken, and why. */
export function DetectorStatus({ state }: { state: DetectorState }) {
  switch (state.phase) {
    case 'idle':
      return <p className="text-sm text-ink-muted">Detector not started</p>;
    case 'loading':
      return (
        <p role="status" className="text-sm text-ink-muted">
          Loading the object detector (about 4 MB, once)…
        </p>
      );
    case 'ready':
      return (
        <p role="status" className="text-sm text-success" data-testid="detector-ready">
          {`Detector ready on ${state.backend}${state.simd ? ' with SIMD' : ''}, ${state.workers} ${state.workers === 1 ? 'worker' : 'workers'} (${(state.loadMs / 1000).toFixed(1)} s to load)`}
        </p>
      );
    case 'failed':
      return (
        <p role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      );
  }
}
