import type { ExpressionSpecification, SymbolLayerSpecification } from 'maplibre-gl';

type SymbolLayout = NonNullable<SymbolLayerSpecification['layout']>;

/**
 * The label placement every point overlay shares (docs/decisions/0030-unit-symbols.md): the
 * label sits below its symbol, or above, right or left of it, wherever it collides with nothing
 * already placed (other labels and other symbols); where no side is free the label is left out
 * until zooming in parts the points, and the symbol is drawn regardless. Symbols take part in
 * collisions so a label is never drawn over another point's symbol.
 *
 * `radialOffset` is the gap from the point to the label in ems: about half the symbol's height.
 */
export function labelLayout(text: ExpressionSpecification | string, radialOffset: number): SymbolLayout {
  return {
    'text-field': text,
    'text-variable-anchor': ['top', 'bottom', 'right', 'left'],
    'text-radial-offset': radialOffset,
    // One shaping per label: 'auto' would shape each label three times (left, centre, right).
    'text-justify': 'center',
    'text-padding': 2,
    'text-allow-overlap': false,
    'text-optional': true,
    'icon-allow-overlap': true,
    'icon-ignore-placement': false,
  };
}

/** A label shown from `minZoom` on: below it the text is empty, so nothing is placed for it. */
export const fromZoom = (minZoom: number, text: ExpressionSpecification): ExpressionSpecification => ['step', ['zoom'], '', minZoom, text];
