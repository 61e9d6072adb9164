import type { CoordinateFormat } from './format-coordinate';
import { parseMgrs, type LatLon } from './mgrs';
import { fromUtm } from './utm';

/**
 * Reads a coordinate typed by a person in any of the formats Argus shows: decimal degrees,
 * degrees-minutes-seconds, MGRS or UTM. MGRS goes to the `mgrs` package and UTM to proj4; the
 * degree notations are hand-written here because no maintained library reads the loose ways
 * people type them ("51°30'26"N", "N 51 30.4 W 0 7.6", "51,5072 -0,1276").
 *
 * Vocabulary: a *part* is one axis as typed (latitude or longitude), made of up to three
 * *values* (degrees, minutes, seconds), each with an optional *mark* (° ' ") and an optional
 * hemisphere letter before or after.
 */
export type CoordinateParse = { ok: true; point: LatLon; format: CoordinateFormat } | { ok: false; problem: string };

const EXAMPLES = '51.5072, -0.1276 · 51°30′26″ N 0°07′39″ W · 30U XC 99311 10854 · 30U 699311 5710854';
const fail = (problem: string): CoordinateParse => ({ ok: false, problem });

/** The longest input worth reading: anything longer is not a coordinate. */
const MAX_LENGTH = 80;

const MGRS_SHAPE = /^\d{1,2}[A-Z][A-Z]{2}\d*$/;
const UTM_SHAPE = /^(\d{1,2})\s*([A-Z])\s+(\d{5,7}(?:\.\d+)?)\s*(?:M?E)?\s+(\d{1,8}(?:\.\d+)?)\s*(?:M?N)?$/;

/** Typographic look-alikes folded into the plain characters the grammar knows. */
function normalise(text: string): string {
  // Folded before NFKC, which would turn º into o and ´ into a space and an accent.
  let out = text
    .replace(/[º˚]/g, '°')
    .replace(/´/g, "'")
    .normalize('NFKC')
    .replace(/[′’‘`]/g, "'")
    .replace(/[″“”]|''/g, '"')
    .replace(/[−–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  // A comma between digits is a decimal comma when the text has no decimal points and something else separates the two axes.
  const commas = (out.match(/,/g) ?? []).length;
  if (!out.includes('.') && (/[ ;]/.test(out) || commas > 1)) out = out.replace(/(\d),(\d)/g, '$1.$2');
  return out;
}

type Token =
  | { kind: 'number'; value: number; text: string }
  | { kind: 'mark'; rank: 0 | 1 | 2 }
  | { kind: 'hemisphere'; letter: 'N' | 'S' | 'E' | 'W' }
  | { kind: 'sign'; negative: boolean }
  | { kind: 'separator' };

const TOKEN = /(\d+(?:\.\d+)?)|(°|deg\b|d(?=[\s\d]|$))|('|min\b|m(?=[\s\d]|$))|("|sec\b)|([NSEWnsew])|([+-])|([,;/])|( )/y;

function tokenise(text: string): Token[] | string {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let previousEnd = -1;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) return `“${text.slice(start, start + 1)}” is not part of a coordinate.`;
    const [, number, degree, minute, second, letter, sign, separator] = match;
    const last = tokens.at(-1);
    if (number !== undefined) tokens.push({ kind: 'number', value: Number(number), text: number });
    else if (degree) tokens.push({ kind: 'mark', rank: 0 });
    else if (minute) tokens.push({ kind: 'mark', rank: 1 });
    else if (second) tokens.push({ kind: 'mark', rank: 2 });
    else if (letter) {
      // A lower-case s stuck to a number after minutes ("26s") is seconds; anything else is south.
      const isSeconds =
        letter === 's' && last?.kind === 'number' && previousEnd === start && tokens.some((t) => t.kind === 'mark' && t.rank === 1);
      if (isSeconds) tokens.push({ kind: 'mark', rank: 2 });
      else tokens.push({ kind: 'hemisphere', letter: letter.toUpperCase() as 'N' | 'S' | 'E' | 'W' });
    } else if (sign) tokens.push({ kind: 'sign', negative: sign === '-' });
    else if (separator) tokens.push({ kind: 'separator' });
    previousEnd = TOKEN.lastIndex;
  }
  return tokens;
}

interface Part {
  hemisphere?: 'N' | 'S' | 'E' | 'W';
  /** The hemisphere letter came after the numbers, so the part is complete. */
  closed: boolean;
  negative?: boolean;
  values: { value: number; text: string; rank: number }[];
}

/** Groups tokens into the parts of a latitude and a longitude. */
function groupParts(tokens: Token[]): Part[] | string {
  // Without marks or letters nothing says a number is minutes, so each number is one axis in decimal degrees.
  const compound = tokens.some((token) => token.kind === 'mark' || token.kind === 'hemisphere');
  const parts: Part[] = [];
  let current = null as Part | null;
  const open = (): Part => {
    const part: Part = { closed: false, values: [] };
    parts.push(part);
    return part;
  };
  for (const [index, token] of tokens.entries()) {
    const part = current;
    switch (token.kind) {
      case 'separator': {
        // After a hemisphere letter the part is already closed ("51 N, 0 W").
        const closedJustBefore = !part && tokens[index - 1]?.kind === 'hemisphere' && parts.at(-1)?.closed === true;
        if (!closedJustBefore && (!part || part.values.length === 0))
          return 'A separator stands between a latitude and a longitude, not on its own.';
        current = null;
        break;
      }
      case 'sign': {
        const target = part && part.values.length === 0 && !part.closed ? part : open();
        if (target.negative !== undefined) return 'A number has two signs.';
        target.negative = token.negative;
        current = target;
        break;
      }
      case 'hemisphere':
        if (part && part.values.length > 0 && !part.hemisphere) {
          part.hemisphere = token.letter;
          part.closed = true;
          current = null;
        } else if (part && part.values.length === 0 && part.hemisphere) {
          return 'Two hemisphere letters in a row.';
        } else {
          const target = part && part.values.length === 0 ? part : open();
          target.hemisphere = token.letter;
          current = target;
        }
        break;
      case 'number': {
        let target: Part = part && !part.closed ? part : open();
        const previous = target.values.at(-1);
        const next = tokens[index + 1];
        const markedRank = next?.kind === 'mark' ? next.rank : undefined;
        const rank = markedRank ?? (previous ? previous.rank + 1 : 0);
        // A new axis begins where this number cannot continue the last one: plain decimals, a rank already
        // filled, or a number after decimals (only the last value of an axis has them).
        const startsNew = previous !== undefined && (!compound || rank <= previous.rank || rank > 2 || !Number.isInteger(previous.value));
        if (startsNew) target = open();
        target.values.push({ value: token.value, text: token.text, rank: startsNew ? (markedRank ?? 0) : rank });
        current = target;
        break;
      }
      case 'mark':
        if (tokens[index - 1]?.kind !== 'number') return 'A degree, minute or second mark follows a number.';
        break;
    }
  }
  return parts;
}

type Axis = 'lat' | 'lon';
const AXIS_OF: Record<'N' | 'S' | 'E' | 'W', Axis> = { N: 'lat', S: 'lat', E: 'lon', W: 'lon' };

/** One part as signed decimal degrees, or the reason it cannot be. */
function partDegrees(part: Part): number | string {
  let degrees = 0;
  let minutes = 0;
  let seconds = 0;
  for (const [index, value] of part.values.entries()) {
    if (index < part.values.length - 1 && !Number.isInteger(value.value))
      return `Only the last number of ${value.text}… may have decimals.`;
    if (value.rank === 0) degrees = value.value;
    else if (value.rank === 1) minutes = value.value;
    else seconds = value.value;
  }
  if (minutes >= 60) return 'Minutes run from 0 to 59.';
  if (seconds >= 60) return 'Seconds run from 0 to 59.';
  const magnitude = degrees + minutes / 60 + seconds / 3600;
  const southOrWest = part.hemisphere === 'S' || part.hemisphere === 'W';
  if (part.negative && part.hemisphere) return `A minus sign and the letter ${part.hemisphere} both give the direction: use one.`;
  return part.negative || southOrWest ? -magnitude : magnitude;
}

/** Latitude and longitude written in degrees (decimal or with minutes and seconds). */
function parseDegrees(text: string): CoordinateParse {
  const tokens = tokenise(text);
  if (typeof tokens === 'string') return fail(`${tokens} Try for example ${EXAMPLES}.`);
  const parts = groupParts(tokens);
  if (typeof parts === 'string') return fail(parts);
  const filled = parts.filter((part) => part.values.length > 0);
  if (filled.length !== parts.length) return fail('A sign or hemisphere letter has no number after it.');
  if (parts.length !== 2) {
    return fail(
      parts.length < 2
        ? 'That is one number: a place needs a latitude and a longitude.'
        : `That reads as ${parts.length} numbers. Give a latitude and a longitude; for minutes and seconds add N/S and E/W or ° ′ ″.`,
    );
  }
  const [first, second] = parts as [Part, Part];
  const axes: [Axis, Axis] = [first.hemisphere ? AXIS_OF[first.hemisphere] : 'lat', second.hemisphere ? AXIS_OF[second.hemisphere] : 'lon'];
  if (!first.hemisphere && second.hemisphere) axes[0] = axes[1] === 'lat' ? 'lon' : 'lat';
  if (first.hemisphere && !second.hemisphere) axes[1] = axes[0] === 'lat' ? 'lon' : 'lat';
  if (axes[0] === axes[1])
    return fail(
      axes[0] === 'lat'
        ? 'Both numbers are latitudes (N or S): one must be E or W.'
        : 'Both numbers are longitudes (E or W): one must be N or S.',
    );
  const values = [partDegrees(first), partDegrees(second)];
  for (const value of values) if (typeof value === 'string') return fail(value);
  const [a, b] = values as [number, number];
  const lat = axes[0] === 'lat' ? a : b;
  const lon = axes[0] === 'lat' ? b : a;
  if (Math.abs(lat) > 90) return fail(`Latitude runs from 90° S to 90° N; ${Math.abs(lat)}° is beyond the pole.`);
  if (Math.abs(lon) > 180) return fail(`Longitude runs from 180° W to 180° E; ${Math.abs(lon)}° is too far.`);
  const isDms = parts.some((part) => part.values.length > 1 || part.values.some((value) => value.rank > 0));
  // -0 reads the same as 0 to a person and to the API.
  return { ok: true, point: { lat: lat + 0, lon: lon + 0 }, format: isDms ? 'dms' : 'decimal' };
}

/** A coordinate in any format Argus knows, or a sentence saying why it cannot be read. */
export function parseCoordinate(input: string): CoordinateParse {
  if (input.length > MAX_LENGTH) return fail('That is too long to be a coordinate.');
  const text = normalise(input);
  if (!text) return fail(`Enter a coordinate, for example ${EXAMPLES}.`);
  const upper = text.toUpperCase();
  if (MGRS_SHAPE.test(upper.replace(/ /g, ''))) {
    const grid = parseMgrs(upper);
    return grid.ok ? { ok: true, point: grid.point, format: 'mgrs' } : grid;
  }
  const utm = UTM_SHAPE.exec(upper);
  if (utm) {
    const [, zone = '', band = '', easting = '', northing = ''] = utm;
    const reading = fromUtm({ zone: Number(zone), band, easting: Number(easting), northing: Number(northing) });
    return reading.ok ? { ok: true, point: reading.point, format: 'utm' } : reading;
  }
  return parseDegrees(text);
}
