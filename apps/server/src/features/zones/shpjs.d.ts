/** shpjs ships no types; only the object form Argus calls is declared. */
declare module 'shpjs' {
  export function getShapefile(parts: {
    shp: Uint8Array;
    dbf?: Uint8Array;
    prj?: string;
    cpg?: string;
  }): Promise<{ type: 'FeatureCollection'; features: unknown[] }>;
}
