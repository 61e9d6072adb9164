import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../../lib/realtime';
import { applyCameraFrame } from './camera-cache';

/** Keeps the cached camera registry live from the "cameras" channel: registered, edited, deactivated, health. */
export function useCamerasLive(): void {
  const queryClient = useQueryClient();
  useRealtime(['cameras'], (frame) => applyCameraFrame(queryClient, frame));
}
