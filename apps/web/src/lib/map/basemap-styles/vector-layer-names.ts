/**
 * The layer names in one Mapbox Vector Tile. A tile is a protobuf `Tile` whose field 3 repeats
 * `Layer` messages, each naming itself in field 1; reading just that needs no protobuf library.
 * Used only for archives in a schema Argus has no style for (generic.ts).
 */
export function vectorTileLayerNames(bytes: Uint8Array): string[] {
  const names = new Set<string>();
  const tile = new Reader(bytes, 0, bytes.length);
  while (tile.more()) {
    const { field, wireType } = tile.key();
    if (field === 3 && wireType === 2) {
      const [start, end] = tile.slice();
      const layer = new Reader(bytes, start, end);
      while (layer.more()) {
        const inner = layer.key();
        if (inner.field === 1 && inner.wireType === 2) {
          const [from, to] = layer.slice();
          names.add(new TextDecoder().decode(bytes.subarray(from, to)));
        } else layer.skip(inner.wireType);
      }
    } else tile.skip(wireType);
  }
  return [...names];
}

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    private at: number,
    private readonly end: number,
  ) {}

  more(): boolean {
    return this.at < this.end;
  }

  varint(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (this.at >= this.end) throw new Error('This is not a vector tile (it ends inside a number).');
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  }

  key(): { field: number; wireType: number } {
    const key = this.varint();
    return { field: Math.floor(key / 8), wireType: key % 8 };
  }

  /** A length-delimited field's [start, end). */
  slice(): [number, number] {
    const length = this.varint();
    const start = this.at;
    this.at += length;
    if (this.at > this.end) throw new Error('This is not a vector tile (a field runs past its end).');
    return [start, this.at];
  }

  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.at += 8;
    else if (wireType === 2) this.slice();
    else if (wireType === 5) this.at += 4;
    else throw new Error(`This is not a vector tile (unknown field type ${wireType}).`);
  }
}

/** The tile holding a point at a zoom, in XYZ numbering. */
export function tileAt(lon: number, lat: number, zoom: number): { z: number; x: number; y: number } {
  const n = 2 ** zoom;
  const x = Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
  const rad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  const y = Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)));
  return { z: zoom, x, y };
}
