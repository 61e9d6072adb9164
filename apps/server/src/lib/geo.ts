/** Great-circle distance in metres (haversine): enough for ranking and "near me" on the server. */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * radians;
  const dLon = (b.lon - a.lon) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box around a point, in degrees, that holds every point within `metres` (for an indexed pre-filter). */
export function boxAround(point: { lat: number; lon: number }, metres: number) {
  const dLat = metres / 111_320;
  const dLon = metres / (111_320 * Math.max(0.01, Math.cos((point.lat * Math.PI) / 180)));
  return { south: point.lat - dLat, north: point.lat + dLat, west: point.lon - dLon, east: point.lon + dLon };
}
