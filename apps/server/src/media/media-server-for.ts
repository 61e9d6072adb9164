import type { Config } from '../config';
import { JanusMediaServer } from './janus/janus-media-server';
import type { MediaServer } from './media-server';
import { SfuSupervisor } from './sfu-supervisor';

/**
 * The media server the configuration names: Janus when JANUS_URLS lists instances
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md) with the embedded SFU as its
 * edge for viewers that offer, otherwise the embedded SFU alone. The SFU is started on first use,
 * so servers and tests without video never spawn it.
 */
export function mediaServerFor(video: Config['video']): MediaServer {
  const sfu = embeddedSfu(video);
  return video.janusUrls ? new JanusMediaServer({ urls: video.janusUrls, targetBitrateKbps: video.targetBitrateKbps }, sfu) : sfu;
}

/** Janus's edge on this node, or the whole media server of a single node. */
function embeddedSfu(video: Config['video']): SfuSupervisor {
  return new SfuSupervisor({
    iceServers: video.sfuUseStun ? video.iceServers : [],
    portRange: video.udpPortRange,
    additionalHostAddresses: video.additionalHostAddresses,
    targetBitrateKbps: video.targetBitrateKbps,
  });
}
