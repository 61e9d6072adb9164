import ms from 'milsymbol';
import type { MapImage } from './images';
import { BASEMAP_COLOURS } from './palette';
import { alertSymbolFromName } from './alert-symbols';
import { cameraSymbolFromName } from './camera-symbols';
import { incidentSymbolFromName } from './incident-symbols';
import { reportSymbolFromName } from './report-symbols';
import type { SymbolLook } from './symbol-look';
import { BADGE_TEXT_COLOUR, unitSymbolFromName } from './unit-symbols';

/** What milsymbol draws for one look and the badge beside its frame. */
type DrawnSymbol = Omit<SymbolLook, 'name'>;

/** milsymbol's size in CSS pixels: a friendly land unit's frame is 1.5 × this wide and as high as this. */
const SYMBOL_SIZE = 20;
const PIXEL_RATIO = 2;

/**
 * One look on a canvas: milsymbol's symbol with its anchor (the frame's centre, or the foot of a
 * headquarters staff) at the canvas centre, since MapLibre centres icons on their point, and the
 * badge (status or severity) on the frame's upper-right corner. Null where the browser gives no
 * 2D canvas.
 */
function drawSymbol(symbol: DrawnSymbol): HTMLCanvasElement | null {
  const size = SYMBOL_SIZE;
  const ratio = PIXEL_RATIO;
  const drawn = new ms.Symbol(symbol.sidc, {
    size,
    ...(symbol.fillColour ? { fillColor: symbol.fillColour } : {}),
    fillOpacity: symbol.fillOpacity,
    outlineWidth: 2,
    outlineColor: BASEMAP_COLOURS.halo,
  });
  const anchor = drawn.getAnchor();
  const frame = drawn.getOctagonAnchor();
  const { width, height } = drawn.getSize();
  const radius = size * 0.38;
  // One letter sits in a disc; longer text (SOS) in a pill as wide as it needs; no badge, no room kept.
  const text = symbol.badge?.text ?? '';
  const halfWidth = radius + (text.length - 1) * size * 0.3;
  const badge = { x: frame.x + size * 0.72 - anchor.x, y: frame.y - size * 0.48 - anchor.y };
  const badgeX = symbol.badge ? [Math.abs(badge.x - halfWidth), Math.abs(badge.x + halfWidth)] : [];
  const badgeY = symbol.badge ? [Math.abs(badge.y - radius), Math.abs(badge.y + radius)] : [];
  const halfX = Math.max(anchor.x, width - anchor.x, ...badgeX) + 1;
  const halfY = Math.max(anchor.y, height - anchor.y, ...badgeY) + 1;

  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(2 * halfX * ratio);
  canvas.height = Math.ceil(2 * halfY * ratio);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(ratio, ratio);
  context.translate(halfX, halfY);
  context.drawImage(drawn.asCanvas(ratio), -anchor.x, -anchor.y, width, height);
  if (!symbol.badge) return canvas;

  const { colour, hollow } = symbol.badge;
  context.beginPath();
  context.roundRect(badge.x - halfWidth, badge.y - radius, 2 * halfWidth, 2 * radius, radius);
  // A hollow badge (a state already dealt with) is the colour as a ring on dark, its letter in the colour.
  context.fillStyle = hollow ? BASEMAP_COLOURS.halo : colour;
  context.fill();
  context.lineWidth = hollow ? 2 : 1.5;
  context.strokeStyle = hollow ? colour : BASEMAP_COLOURS.halo;
  context.stroke();
  context.fillStyle = hollow ? colour : BADGE_TEXT_COLOUR;
  context.font = `bold ${Math.round(radius * 1.35)}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, badge.x, badge.y + 0.5);
  return canvas;
}

const LOOKS: ReadonlyArray<(name: string) => DrawnSymbol | null> = [
  unitSymbolFromName,
  incidentSymbolFromName,
  cameraSymbolFromName,
  alertSymbolFromName,
  reportSymbolFromName,
];

/** The map image a symbol name (a unit's, incident's, camera's, alert's or report's look) stands for, or null for any other name. */
export function symbolImage(name: string): MapImage | null {
  let symbol: DrawnSymbol | null = null;
  for (const look of LOOKS) symbol ??= look(name);
  const canvas = symbol ? drawSymbol(symbol) : null;
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return null;
  return {
    name,
    width: canvas.width,
    height: canvas.height,
    data: context.getImageData(0, 0, canvas.width, canvas.height).data,
    pixelRatio: PIXEL_RATIO,
  };
}
