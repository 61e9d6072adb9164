/** Longitude folded into -180…180, as the API accepts it (the map may have panned round the world). */
export function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}
