import { RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI, type RTCRtpTransceiver, type RtpPacket } from 'werift';
import { GopCache } from '../../media/gop-cache';
import { H264ParameterSetReader, type H264ParameterSets } from '../../media/h264-parameter-sets';
import { completeOffer } from '../../media/werift-client';

export type RtspCodec = 'H264' | 'VP8';

/** The payload type the RTSP player is told (the SDP of DESCRIBE); every packet is re-labelled with it. */
export const RTSP_PAYLOAD_TYPE = 96;

/** The one codec the viewer offers: the publisher's, so the media server cannot pick another. */
function codecParameters(codec: RtspCodec): RTCRtpCodecParameters {
  return codec === 'H264'
    ? new RTCRtpCodecParameters({
        mimeType: 'video/H264',
        clockRate: 90000,
        rtcpFeedback: [useNACK(), usePLI()],
        parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1',
      })
    : new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()] });
}

/**
 * An RTSP player's view of a room (docs/decisions/0077-tak-rtsp-output.md): a WebRTC viewer in
 * this process, signalled through the stream service like any WHEP viewer, so it works with
 * whichever media server is behind the `MediaServer` interface and is counted and ended like a
 * playback link's WHEP session. The packets it receives are kept from the last keyframe on (the
 * GOP cache) until the player says PLAY; then they, and the live ones, go to `sink`.
 */
export class RtspViewerPeer {
  private readonly pc: RTCPeerConnection;
  private readonly transceiver: RTCRtpTransceiver;
  private readonly gop = new GopCache();
  private sink: ((rtp: RtpPacket) => void) | null = null;
  private ssrc: number | undefined;
  private readonly parameterSetReader = new H264ParameterSetReader();
  private parameterSetsSeen: (() => void) | null = null;

  constructor(readonly codec: RtspCodec) {
    this.pc = new RTCPeerConnection({
      iceServers: [],
      iceUseIpv6: false,
      codecs: { video: [codecParameters(codec)], audio: [] },
      headerExtensions: { video: [], audio: [] },
      bundlePolicy: 'max-bundle',
    });
    this.transceiver = this.pc.addTransceiver('video', { direction: 'recvonly' });
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        this.ssrc = rtp.header.ssrc;
        if (this.codec === 'H264' && this.parameterSetReader.push(rtp.payload)) this.parameterSetsSeen?.();
        if (this.sink) this.sink(rtp);
        else this.gop.push(rtp, this.codec);
      });
    });
  }

  offer(): Promise<string> {
    return completeOffer(this.pc);
  }

  accept(answerSdp: string): Promise<void> {
    return this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  }

  /** Called once when the media connection fails or closes: the player is then cut off. */
  onGone(listener: () => void): void {
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed') listener();
    });
  }

  /**
   * The stream's H264 parameter sets, for the SDP: those already seen (the GOP cache's keyframe
   * brought them), else the next keyframe's, asked for; null if none came within `waitMs`.
   */
  async parameterSets(waitMs: number): Promise<H264ParameterSets | null> {
    const known = this.parameterSetReader.known();
    if (known) return known;
    let timer: NodeJS.Timeout | undefined;
    let asking: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.parameterSetsSeen = resolve;
      timer = setTimeout(resolve, waitMs);
      // The first packets may not have come yet: the keyframe is asked for once the publisher's SSRC is known.
      const ask = () => {
        if (this.ssrc === undefined) asking = setTimeout(ask, 50);
        else this.transceiver.receiver.sendRtcpPLI(this.ssrc).catch(() => undefined);
      };
      ask();
    });
    clearTimeout(timer);
    clearTimeout(asking);
    this.parameterSetsSeen = null;
    return this.parameterSetReader.known();
  }

  /** From now on packets go to `sink`: first those since the last keyframe, or a keyframe is asked for. */
  play(sink: (rtp: RtpPacket) => void): void {
    const replay = this.gop.replay();
    for (const rtp of replay) sink(rtp);
    this.gop.clear();
    this.sink = sink;
    if (replay.length === 0 && this.ssrc !== undefined) this.transceiver.receiver.sendRtcpPLI(this.ssrc).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.sink = null;
    await this.pc.close();
  }
}
