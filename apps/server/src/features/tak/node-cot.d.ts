/**
 * The part of @tak-ps/node-cot Argus calls. The package publishes its TypeScript sources as its
 * types, and those do not compile under this project's stricter settings (noUncheckedIndexedAccess),
 * so tsconfig.base.json maps the module name to this file (for every project that reaches the server); at run time the package's own build runs.
 */
export interface XmlNode {
  _attributes?: Record<string, string | undefined>;
  _text?: string;
  [child: string]: unknown;
}

export default class CoT {
  constructor(cot: Buffer | string | { event: XmlNode });
  raw: { event: XmlNode };
  to_xml(): string;
  /** A TAK Protocol payload: a TakMessage protobuf with this event (version 1 only). */
  to_proto(version?: number): Uint8Array;
  static from_proto(payload: Uint8Array, version?: number): CoT;
  /** The event as a GeoJSON feature; a closed `u-d-f` drawing becomes a Polygon. */
  to_geojson(): { geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> };
}
