import type { Config } from '../config';
import { JanusMediaServer } from './janus/janus-media-server';
import type { MediaServer } from './media-server';
import { SfuSupervisor } from './sfu-supervisor';

/**
 * The media server the configuration names: Janus when JANUS_URLS lists instances
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md), otherwise the embedded SFU,
 * which is started on first use, so servers and tests without video never spawn it.
 */
export function mediaServerFor(video: Config['video']): MediaServer {
  if (video.janusUrls) return new JanusMediaServer({ urls: video.janusUrls, targetBitrateKbps: video.targetBitrateKbps });
  return new SfuSupervisor({
    iceServers: video.sfuUseStun ? video.iceServers : [],
    portRange: video.udpPortRange,
    additionalHostAddresses: video.additionalHostAddresses,
    targetBitrateKbps: video.targetBitrateKbps,
  });
}
