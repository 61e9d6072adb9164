import proj4 from 'proj4';
import type { LatLon } from './mgrs';

/**
 * UTM through proj4 (WGS84). A UTM reading here is zone, latitude band and metres, as on a
 * military map ("30U 699316 5710164"): the band letter says the hemisphere and lets a typed
 * reading be checked against the place it names.
 */
const BANDS = 'CDEFGHJKLMNPQRSTUVWX';

/** The latitude band letter of a latitude inside the grid (80° S to 84° N). */
function bandOf(lat: number): string {
  return BANDS[Math.min(Math.floor((lat + 80) / 8), BANDS.length - 1)]!;
}

/** Southern-hemisphere bands are C to M. */
const isSouthernBand = (band: string) => band < 'N';

const projection = (zone: number, south: boolean) => `+proj=utm +zone=${zone}${south ? ' +south' : ''} +datum=WGS84 +units=m +no_defs`;

/** The UTM zone of a point, with Norway's and Svalbard's exceptions (as MGRS draws them). */
function zoneOf({ lat, lon }: LatLon): number {
  if (lat >= 56 && lat < 64 && lon >= 3 && lon < 12) return 32;
  if (lat >= 72 && lat < 84) {
    if (lon >= 0 && lon < 9) return 31;
    if (lon >= 9 && lon < 21) return 33;
    if (lon >= 21 && lon < 33) return 35;
    if (lon >= 33 && lon < 42) return 37;
  }
  return Math.min(Math.floor((lon + 180) / 6) + 1, 60);
}

export interface UtmReading {
  zone: number;
  band: string;
  easting: number;
  northing: number;
}

/** The UTM reading of a point to the metre, or null outside 80° S–84° N (the poles use another grid). */
export function toUtm(point: LatLon): UtmReading | null {
  const { lat, lon } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || lat < -80 || lat > 84 || lon < -180 || lon > 180) return null;
  const zone = zoneOf(point);
  const band = bandOf(lat);
  const [easting = NaN, northing = NaN] = proj4('WGS84', projection(zone, isSouthernBand(band)), [lon, lat]);
  return { zone, band, easting: Math.round(easting), northing: Math.round(northing) };
}

/** "30U 699316 5710164". */
export function formatUtm(point: LatLon): string | null {
  const reading = toUtm(point);
  return reading && `${reading.zone}${reading.band} ${reading.easting} ${reading.northing}`;
}

export type UtmParse = { ok: true; point: LatLon } | { ok: false; problem: string };

/** How far past its band's edge a reading may fall: a point on the boundary rounds either way. */
const BAND_SLACK_DEGREES = 0.05;

/** The point a UTM reading names, refused when it lies outside its zone's strip or its band. */
export function fromUtm({ zone, band, easting, northing }: UtmReading): UtmParse {
  if (!Number.isInteger(zone) || zone < 1 || zone > 60) return { ok: false, problem: 'A UTM zone is a number from 1 to 60.' };
  if (!BANDS.includes(band)) return { ok: false, problem: 'A UTM latitude band is a letter from C to X, without I and O.' };
  // A zone is 6° wide: about 668 km at the equator, centred on 500 000 m.
  if (easting < 100_000 || easting > 900_000) return { ok: false, problem: 'A UTM easting lies between 100000 and 900000 metres.' };
  if (northing < 0 || northing > 10_000_000) return { ok: false, problem: 'A UTM northing lies between 0 and 10000000 metres.' };
  const [lon = NaN, lat = NaN] = proj4(projection(zone, isSouthernBand(band)), 'WGS84', [easting, northing]);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return { ok: false, problem: 'That UTM reading does not name a place.' };
  const south = -80 + BANDS.indexOf(band) * 8;
  const north = band === 'X' ? 84 : south + 8;
  if (lat < south - BAND_SLACK_DEGREES || lat > north + BAND_SLACK_DEGREES) {
    return { ok: false, problem: `That northing lies in band ${bandOf(Math.max(-80, Math.min(84, lat)))}, not ${band}.` };
  }
  return { ok: true, point: { lat, lon: ((((lon + 180) % 360) + 360) % 360) - 180 } };
}
