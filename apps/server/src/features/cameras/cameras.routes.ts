import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAMERA_HEALTH,
  CameraHeartbeatRequest,
  CameraListQuery,
  CameraListResponse,
  CameraParams,
  CameraResponse,
  CreateCameraRequest,
  DetectorConfigResponse,
  UpdateCameraRequest,
} from '@argus/contracts/http/cameras';
import { CAMERA_MANAGERS } from '@argus/contracts/policies/cameras';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { presentCamera } from './cameras.presenter';
import type { CamerasService } from './cameras.service';

/** Analysts correlate detections with cameras, so they read the registry; command manages it. */

/** The surveillance network's registry, and the health check that runs every 30 s while the server is up. */
export const camerasRoutes: FastifyPluginAsyncZod<{ cameras: CamerasService; detectionModelUrl: string }> = async (
  app,
  { cameras, detectionModelUrl },
) => {
  app.get(
    '/cameras',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Cameras and sensors by name, with their health',
        querystring: CameraListQuery,
        response: { 200: CameraListResponse },
      },
    },
    async (request) => ({ cameras: (await cameras.list(request.query)).map(presentCamera) }),
  );

  app.get(
    '/cameras/detector',
    {
      config: { access: COMMAND_ROLES, administrative: false },
      schema: {
        summary: 'The object-detection model and wasm files the surveillance page loads from this server',
        response: { 200: DetectorConfigResponse },
      },
    },
    async () => ({ modelUrl: detectionModelUrl, wasmPath: '/detection/' }),
  );

  app.get(
    '/cameras/:id',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'One camera or sensor', params: CameraParams, response: { 200: CameraResponse } },
    },
    async (request) => ({ camera: presentCamera(await cameras.get(request.params.id)) }),
  );

  app.post(
    '/cameras',
    {
      config: { access: CAMERA_MANAGERS },
      schema: { summary: 'Register a camera or sensor', body: CreateCameraRequest, response: { 201: CameraResponse } },
    },
    async (request, reply) => reply.status(201).send({ camera: presentCamera(await cameras.create(request.body)) }),
  );

  app.patch(
    '/cameras/:id',
    {
      config: { access: CAMERA_MANAGERS },
      schema: {
        summary: 'Change a camera: place, aim, room, detection settings, or deactivate it',
        params: CameraParams,
        body: UpdateCameraRequest,
        response: { 200: CameraResponse },
      },
    },
    async (request) => ({ camera: presentCamera(await cameras.update(request.params.id, request.body)) }),
  );

  app.post(
    '/cameras/:id/heartbeat',
    {
      // Sent by the operator's browser while it watches the feed: an operational call, not administration.
      config: { access: COMMAND_ROLES, administrative: false },
      schema: {
        summary: 'The watching browser reports the feed alive, with its fps and packet loss',
        params: CameraParams,
        body: CameraHeartbeatRequest,
        response: { 200: CameraResponse },
      },
    },
    async (request) => ({ camera: presentCamera(await cameras.heartbeat(request.params.id, request.body)) }),
  );

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void cameras.checkHealth().catch((error: unknown) => app.log.error({ err: error }, 'camera health check failed')),
      CAMERA_HEALTH.checkIntervalMs,
    ).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
