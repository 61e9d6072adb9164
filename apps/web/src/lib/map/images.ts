import { BASEMAP_COLOURS } from './palette';
import { HEADING_IMAGE, HEADING_IMAGE_SIZE } from './symbols';

/**
 * The map's own shapes, drawn on a canvas in the browser (no sprite file to fetch): the heading
 * arrow. Units, incidents, cameras, alerts and reports are MIL-STD-2525 symbols, drawn on demand
 * (symbol-image.ts).
 */
export interface MapImage {
  name: string;
  width: number;
  height: number;
  data: Uint8ClampedArray;
  pixelRatio: number;
}

const PIXEL_RATIO = 2;
const OUTLINE = BASEMAP_COLOURS.halo;

function drawSized(name: string, cssSize: number, paint: (context: CanvasRenderingContext2D, size: number) => void): MapImage | null {
  const size = cssSize * PIXEL_RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, size);
  return { name, width: size, height: size, data: context.getImageData(0, 0, size, size).data, pixelRatio: PIXEL_RATIO };
}

function shape(context: CanvasRenderingContext2D, points: Array<[number, number]>, fill: string, lineWidth: number) {
  context.beginPath();
  points.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  context.closePath();
  context.lineJoin = 'round';
  context.lineWidth = lineWidth;
  context.strokeStyle = OUTLINE;
  context.stroke();
  context.fillStyle = fill;
  context.fill();
}

/**
 * Points north: only the arrow, no room around it, since every pixel of an icon's square is
 * drawn for every unit (10,000 of them at once on a busy map); the layer sets it ahead of the
 * unit's symbol with an offset that turns with the heading (overlays/units.ts).
 */
function headingArrow(): MapImage | null {
  return drawSized(HEADING_IMAGE, HEADING_IMAGE_SIZE, (context, size) => {
    const inset = 1.5 * PIXEL_RATIO;
    shape(
      context,
      [
        [size / 2, inset],
        [size - inset, size - inset],
        [inset, size - inset],
      ],
      '#f1f3f5',
      1.5 * PIXEL_RATIO,
    );
  });
}

/** Every symbol image the overlays refer to, made once per map. */
export function mapImages(): MapImage[] {
  const images = [headingArrow()];
  return images.filter((image): image is MapImage => image !== null);
}
