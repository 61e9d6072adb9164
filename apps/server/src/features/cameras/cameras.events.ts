import type { OperationalEvent } from '../../realtime/events';
import { presentCamera } from './cameras.presenter';
import type { CameraRow } from './cameras.repository';

/** Cameras go to the "cameras" channel, where the surveillance pages and the maps listen. */
export const cameraEvents = {
  created: (row: CameraRow): OperationalEvent => ({ type: 'camera.created', channels: ['cameras'], data: presentCamera(row) }),
  updated: (row: CameraRow): OperationalEvent => ({ type: 'camera.updated', channels: ['cameras'], data: presentCamera(row) }),
};
