import ms from 'milsymbol';
import type { MapImage } from './images';
import { BASEMAP_COLOURS } from './palette';
import { incidentSymbolFromName } from './incident-symbols';
import { BADGE_TEXT_COLOUR, unitSymbolFromName } from './unit-symbols';

/** What milsymbol draws for one look (a unit's or an incident's) and the badge beside its frame. */
interface DrawnSymbol {
  sidc: string;
  /** Frame fill; the standard's colour for the affiliation when absent. */
  fillColour: string | undefined;
  fillOpacity: number;
  badge: { text: string; colour: string };
}

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
  // One letter sits in a disc; longer text (SOS) in a pill as wide as it needs.
  const halfWidth = radius + (symbol.badge.text.length - 1) * size * 0.3;
  const badge = { x: frame.x + size * 0.72 - anchor.x, y: frame.y - size * 0.48 - anchor.y };
  const halfX = Math.max(anchor.x, width - anchor.x, Math.abs(badge.x - halfWidth), Math.abs(badge.x + halfWidth)) + 1;
  const halfY = Math.max(anchor.y, height - anchor.y, Math.abs(badge.y - radius), Math.abs(badge.y + radius)) + 1;

  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(2 * halfX * ratio);
  canvas.height = Math.ceil(2 * halfY * ratio);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(ratio, ratio);
  context.translate(halfX, halfY);
  context.drawImage(drawn.asCanvas(ratio), -anchor.x, -anchor.y, width, height);

  context.beginPath();
  context.roundRect(badge.x - halfWidth, badge.y - radius, 2 * halfWidth, 2 * radius, radius);
  context.fillStyle = symbol.badge.colour;
  context.fill();
  context.lineWidth = 1.5;
  context.strokeStyle = BASEMAP_COLOURS.halo;
  context.stroke();
  context.fillStyle = BADGE_TEXT_COLOUR;
  context.font = `bold ${Math.round(radius * 1.35)}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(symbol.badge.text, badge.x, badge.y + 0.5);
  return canvas;
}

/** The map image a unit or incident symbol name stands for, or null for a name that is neither. */
export function symbolImage(name: string): MapImage | null {
  const symbol = unitSymbolFromName(name) ?? incidentSymbolFromName(name);
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
