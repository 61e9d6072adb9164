import type { StreamCodec } from '@argus/contracts/http/stream-settings';

/**
 * Puts the preferred video codec first in a transceiver's list, so the offer leads with it;
 * 'auto' leaves the browser's order. Browsers without setCodecPreferences keep theirs.
 */
export function preferCodec(transceiver: RTCRtpTransceiver, codec: StreamCodec): void {
  if (codec === 'auto' || typeof transceiver.setCodecPreferences !== 'function') return;
  const capabilities = RTCRtpReceiver.getCapabilities?.('video')?.codecs ?? RTCRtpSender.getCapabilities?.('video')?.codecs;
  if (!capabilities) return;
  const wanted = `video/${codec}`.toLowerCase();
  const first = capabilities.filter((c) => c.mimeType.toLowerCase() === wanted);
  if (first.length === 0) return;
  transceiver.setCodecPreferences([...first, ...capabilities.filter((c) => c.mimeType.toLowerCase() !== wanted)]);
}

/** Caps the video sender at the chosen bitrate and frame rate; the encoder ramps up to it. */
export async function limitSender(sender: RTCRtpSender, bitrateKbps: number, frameRate: number): Promise<void> {
  const parameters = sender.getParameters();
  if (!parameters.encodings || parameters.encodings.length === 0) parameters.encodings = [{}];
  for (const encoding of parameters.encodings) {
    encoding.maxBitrate = bitrateKbps * 1000;
    encoding.maxFramerate = frameRate;
  }
  // Field video should keep its frame rate and drop resolution under pressure, never freeze.
  parameters.degradationPreference = 'maintain-framerate';
  try {
    await sender.setParameters(parameters);
  } catch {
    // Some browsers refuse degradationPreference; the bitrate cap matters more.
    delete parameters.degradationPreference;
    await sender.setParameters(parameters);
  }
}
