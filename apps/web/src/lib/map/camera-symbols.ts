import { CAMERA_KINDS, CAMERA_STATUSES, type CameraKind, type CameraStatus } from '@argus/contracts/http/cameras';
import { CAMERA_STATUS_COLOURS } from './palette';
import { isOneOf, nameParts, type SymbolLook } from './symbol-look';

/**
 * How a camera or sensor is drawn: a friendly MIL-STD-2525D land equipment sensor (symbol set 15,
 * drawn by milsymbol): a camera as an emplaced sensor (fixed where it was put), any other sensor
 * as the plain sensor. Health shows as a badge letter beside the frame, not by colour alone; an
 * online device, the usual case, carries none (docs/decisions/0030-unit-symbols.md).
 */
export const CAMERA_KIND_SIDCS: Record<CameraKind, string> = {
  camera: '10031500002202000000', // land equipment: sensor, emplaced
  sensor: '10031500002201000000', // land equipment: sensor
};

/** The badge letter of each health, null where no badge is drawn. */
export const CAMERA_STATUS_GLYPHS: Record<CameraStatus, string | null> = { online: null, degraded: 'D', offline: 'X' };

const NAME_PREFIX = 'argus-camera-';

export function cameraSymbolName(kind: CameraKind, status: CameraStatus): string {
  return `${NAME_PREFIX}${kind}-${status}`;
}

export function cameraSymbol(kind: CameraKind, status: CameraStatus): SymbolLook {
  const glyph = CAMERA_STATUS_GLYPHS[status];
  return {
    name: cameraSymbolName(kind, status),
    sidc: CAMERA_KIND_SIDCS[kind],
    fillColour: undefined,
    // An offline device shows nothing: its frame is pale, as an offline unit's.
    fillOpacity: status === 'offline' ? 0.35 : 1,
    badge: glyph ? { text: glyph, colour: CAMERA_STATUS_COLOURS[status] } : null,
  };
}

/** The look a name stands for, or null when the name is not a camera look's. */
export function cameraSymbolFromName(name: string): SymbolLook | null {
  const [kind, status, ...rest] = nameParts(name, NAME_PREFIX) ?? [];
  if (rest.length > 0 || !isOneOf(CAMERA_KINDS, kind) || !isOneOf(CAMERA_STATUSES, status)) return null;
  return cameraSymbol(kind, status);
}
