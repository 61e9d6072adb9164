import {
  DEFAULT_DETECTION_SETTINGS,
  type Camera,
  type CameraKind,
  type CreateCameraRequest,
  type DetectionClass,
} from '@argus/contracts/http/cameras';

/** The add/edit form's fields as typed (strings until sent, so a half-typed number is not lost). */
export interface CameraDraft {
  name: string;
  kind: CameraKind;
  lat: string;
  lon: string;
  heading: string;
  fov: string;
  rangeM: string;
  room: string;
  streamUrl: string;
  notes: string;
  detectionEnabled: boolean;
  minScore: string;
  classes: DetectionClass[];
}

export const EMPTY_CAMERA_DRAFT: CameraDraft = {
  name: '',
  kind: 'camera',
  lat: '',
  lon: '',
  heading: '',
  fov: '90',
  rangeM: '100',
  room: '',
  streamUrl: '',
  notes: '',
  detectionEnabled: DEFAULT_DETECTION_SETTINGS.enabled,
  minScore: String(DEFAULT_DETECTION_SETTINGS.minScore),
  classes: [...DEFAULT_DETECTION_SETTINGS.classes],
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function draftOf(camera: Camera): CameraDraft {
  return {
    name: camera.name,
    kind: camera.kind,
    lat: String(camera.location.lat),
    lon: String(camera.location.lon),
    heading: text(camera.heading),
    fov: text(camera.fov),
    rangeM: text(camera.rangeM),
    room: camera.room ?? '',
    streamUrl: camera.streamUrl ?? '',
    notes: camera.notes,
    detectionEnabled: camera.detection.enabled,
    minScore: String(camera.detection.minScore),
    classes: [...camera.detection.classes],
  };
}

/** An empty box is "not set"; anything else must read as a number (the server says if it is out of range). */
function optionalNumber(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** The request a draft makes; numbers that do not parse go as NaN and come back as the field's error. */
export function requestOf(draft: CameraDraft): CreateCameraRequest {
  return {
    name: draft.name,
    kind: draft.kind,
    location: { lat: Number(draft.lat.trim() === '' ? NaN : draft.lat), lon: Number(draft.lon.trim() === '' ? NaN : draft.lon) },
    heading: optionalNumber(draft.heading),
    fov: optionalNumber(draft.fov),
    rangeM: optionalNumber(draft.rangeM),
    room: draft.room.trim() === '' ? null : draft.room.trim(),
    streamUrl: draft.streamUrl.trim() === '' ? null : draft.streamUrl.trim(),
    notes: draft.notes,
    detection: { enabled: draft.detectionEnabled, minScore: Number(draft.minScore), classes: draft.classes },
  };
}
