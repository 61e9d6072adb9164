import { ALERT_SEVERITIES } from '@argus/contracts/alerts';
import { ALERT_COLOURS, BASEMAP_COLOURS, REPORT_COLOUR } from './palette';
import { HEADING_IMAGE, REPORT_IMAGE, alertImage } from './symbols';

/**
 * The map's own shapes, drawn on a canvas in the browser (no sprite file to fetch): a heading
 * arrow, triangles for alerts and squares for reports, so kinds differ by shape as well as
 * colour. Units and incidents are MIL-STD-2525 symbols, drawn on demand (symbol-image.ts).
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

function draw(name: string, cssSize: number, paint: (context: CanvasRenderingContext2D, size: number) => void): MapImage | null {
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

/** Points north; the unit's circle covers its base, so only the tip shows, ahead of the unit. */
function headingArrow(): MapImage | null {
  return draw(HEADING_IMAGE, 40, (context, size) => {
    const mid = size / 2;
    shape(
      context,
      [
        [mid, 1.5 * PIXEL_RATIO],
        [mid + 7 * PIXEL_RATIO, 16 * PIXEL_RATIO],
        [mid - 7 * PIXEL_RATIO, 16 * PIXEL_RATIO],
      ],
      '#f1f3f5',
      1.5 * PIXEL_RATIO,
    );
  });
}

function warningTriangle(name: string, colour: string): MapImage | null {
  return draw(name, 26, (context, size) => {
    const pad = 2 * PIXEL_RATIO;
    shape(
      context,
      [
        [size / 2, pad],
        [size - pad, size - pad * 1.5],
        [pad, size - pad * 1.5],
      ],
      colour,
      2 * PIXEL_RATIO,
    );
    context.fillStyle = OUTLINE;
    context.font = `bold ${13 * PIXEL_RATIO}px sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'alphabetic';
    context.fillText('!', size / 2, size - pad * 2.5);
  });
}

function square(name: string, colour: string): MapImage | null {
  return draw(name, 16, (context, size) => {
    const pad = 2 * PIXEL_RATIO;
    shape(
      context,
      [
        [pad, pad],
        [size - pad, pad],
        [size - pad, size - pad],
        [pad, size - pad],
      ],
      colour,
      1.5 * PIXEL_RATIO,
    );
  });
}

/** Every symbol image the overlays refer to, made once per map. */
export function mapImages(): MapImage[] {
  const images = [
    headingArrow(),
    square(REPORT_IMAGE, REPORT_COLOUR),
    ...ALERT_SEVERITIES.map((severity) => warningTriangle(alertImage(severity), ALERT_COLOURS[severity])),
  ];
  return images.filter((image): image is MapImage => image !== null);
}
