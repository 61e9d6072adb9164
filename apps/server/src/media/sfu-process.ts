import { MediaError, type MediaConfig, type MediaEvent } from './media-server';
import { WeriftSfu } from './werift-sfu';
import type { SfuReply, SfuRequest } from './sfu-protocol';

/**
 * The media process: the werift SFU runs here, apart from the API, so a media stall or crash
 * never blocks HTTP. It speaks to the supervisor over the IPC channel only.
 */
const config = JSON.parse(process.env.ARGUS_SFU_CONFIG ?? '{}') as MediaConfig;
const send = (message: SfuReply | { event: MediaEvent } | { ready: true }) => {
  if (process.connected) process.send?.(message);
};
const sfu = new WeriftSfu(config, (event) => send({ event }));

async function handle(request: SfuRequest): Promise<unknown> {
  switch (request.op) {
    case 'publish':
      return sfu.publish(request.roomId, request.peerId, request.sdp, request.options);
    case 'view':
      return sfu.view(request.roomId, request.peerId, request.sdp);
    case 'viewOffer':
      return sfu.viewOffer(request.roomId, request.peerId);
    case 'answer':
      return sfu.answer(request.peerId, request.sdp);
    case 'ice':
      return sfu.addIceCandidate(request.peerId, request.candidate);
    case 'closePeer':
      return sfu.closePeer(request.peerId);
    case 'closeRoom':
      return sfu.closeRoom(request.roomId);
    case 'stats':
      return sfu.stats();
  }
}

process.on('message', (request: SfuRequest) => {
  handle(request).then(
    (result) => send({ id: request.id, ok: true, result }),
    (error: unknown) =>
      send({
        id: request.id,
        ok: false,
        code: error instanceof MediaError ? error.code : 'media_unavailable',
        message:
          error instanceof MediaError
            ? error.message
            : `The media server could not do this: ${error instanceof Error ? error.message : String(error)}`,
      }),
  );
});

// One bad packet or peer must not take every room down: log and carry on.
process.on('uncaughtException', (error) => console.error('sfu: uncaught', error));
process.on('unhandledRejection', (error) => console.error('sfu: unhandled', error));
process.on('disconnect', () => {
  void sfu.closeAll().finally(() => process.exit(0));
});

send({ ready: true });
