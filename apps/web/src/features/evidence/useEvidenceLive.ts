import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { applyEvidenceFrame } from './evidence-live';

/** Keeps the evidence list, the open item, its custody log and its badge live from the "evidence" channel. */
export function useEvidenceLive(): void {
  const queryClient = useQueryClient();
  useRealtime(['evidence'], (frame) => applyEvidenceFrame(queryClient, frame));
}
