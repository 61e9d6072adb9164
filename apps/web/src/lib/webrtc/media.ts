import { STREAM_RESOLUTIONS, type StreamDefaults } from '@argus/contracts/http/stream-settings';

export interface CaptureChoice {
  videoDeviceId?: string | undefined;
  audioDeviceId?: string | undefined;
  /** 'environment' is the rear camera of a phone; ignored when a device is chosen. */
  facingMode?: 'user' | 'environment' | undefined;
  audio?: boolean;
  /** Portrait swaps the width and height asked for, as a phone held upright captures. */
  portrait?: boolean;
}

/** getUserMedia constraints for the user's defaults and the devices chosen. */
export function captureConstraints(
  defaults: Pick<StreamDefaults, 'resolution' | 'frameRate'>,
  choice: CaptureChoice,
): MediaStreamConstraints {
  const size = STREAM_RESOLUTIONS[defaults.resolution];
  const [width, height] = choice.portrait ? [size.height, size.width] : [size.width, size.height];
  const video: MediaTrackConstraints = { width: { ideal: width }, height: { ideal: height }, frameRate: { ideal: defaults.frameRate } };
  if (choice.videoDeviceId) video.deviceId = { exact: choice.videoDeviceId };
  else if (choice.facingMode) video.facingMode = { ideal: choice.facingMode };
  const audio: MediaTrackConstraints | boolean =
    choice.audio === false ? false : choice.audioDeviceId ? { deviceId: { exact: choice.audioDeviceId } } : true;
  return { video, audio };
}

/** Why the camera could not be opened, in words a person can act on. */
export function describeMediaError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
      return 'The browser was not allowed to use the camera or microphone. Allow them for this site and try again.';
    case 'NotFoundError':
      return 'No camera or microphone was found on this device.';
    case 'NotReadableError':
      return 'The camera or microphone is in use by another application.';
    case 'OverconstrainedError':
      return 'The chosen camera cannot capture at these settings. Choose another camera or a lower resolution.';
    default:
      return typeof navigator.mediaDevices?.getUserMedia === 'function'
        ? `The camera could not be opened${error instanceof Error && error.message ? `: ${error.message}` : '.'}`
        : 'This browser cannot capture video here (a secure https address is needed).';
  }
}

export async function openCamera(defaults: Pick<StreamDefaults, 'resolution' | 'frameRate'>, choice: CaptureChoice): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia(captureConstraints(defaults, choice));
}

export interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Device labels are only filled once the user has allowed capture, so call this after opening one. */
export async function listDevices(): Promise<Devices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return { cameras: all.filter((d) => d.kind === 'videoinput'), microphones: all.filter((d) => d.kind === 'audioinput') };
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
