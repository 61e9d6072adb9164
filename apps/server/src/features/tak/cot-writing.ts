import CoT from '@tak-ps/node-cot';
import type { Unit } from '@argus/contracts/http/units';

/**
 * CoT that Argus sends to TAK devices (docs/decisions/0061-tak-cot-endpoint-first-slice.md): strict
 * XML written by node-cot, double-quoted and escaped, with the unknown-height sentinel where Argus
 * has no height. Argus units carry uids of their own ("argus-unit-<id>") so they never collide with
 * a device's.
 */

/** How long a unit's SA stays fresh on a device that hears nothing newer. */
const SA_STALE_MS = 5 * 60_000;
/** An emergency is repeated every few seconds, so a short stale lets a cleared one vanish soon. */
const ALERT_STALE_MS = 60_000;
const UNKNOWN = '9999999.0';

/**
 * node-cot's writer (xml-js) escapes text but only the double quote in attribute values, so the rest
 * of an attribute is escaped here, ampersand first: a callsign like `A&<B` must not break a device's parser.
 */
export const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&apos;');

/** Every uid Argus writes begins so; no device may send one (docs/decisions/0062-tak-tls-enrolment-and-revocation.md). */
export const ARGUS_UID_PREFIX = 'argus-';
export const unitCotUid = (unitId: string) => `${ARGUS_UID_PREFIX}unit-${unitId}`;
const alertCotUid = (unitId: string) => `${unitCotUid(unitId)}-9-1-1`;

export function eventAttributes(uid: string, type: string, now: number, staleMs: number, how = 'm-g') {
  const time = new Date(now).toISOString();
  return { version: '2.0', uid, type, how, time, start: time, stale: new Date(now + staleMs).toISOString() };
}

export function point(lat: number, lon: number) {
  return { _attributes: { lat: String(lat), lon: String(lon), hae: UNKNOWN, ce: UNKNOWN, le: UNKNOWN } };
}

/** A unit with a position as a friendly ground unit; null for a unit that has none yet. */
export function unitSa(unit: Unit, now: number): string | null {
  if (!unit.position) return null;
  const { location, heading, speed } = unit.position;
  const track: Record<string, string> = {};
  if (speed !== null) track.speed = String(speed);
  if (heading !== null) track.course = String(heading);
  return new CoT({
    event: {
      _attributes: eventAttributes(unitCotUid(unit.id), 'a-f-G-U-C', now, SA_STALE_MS),
      point: point(location.lat, location.lon),
      detail: {
        contact: { _attributes: { callsign: attribute(unit.callsign) } },
        ...(Object.keys(track).length > 0 ? { track: { _attributes: track } } : {}),
        remarks: { _text: `Argus ${unit.kind} unit, ${unit.status}` },
      },
    },
  }).to_xml();
}

/** A unit's SOS as ATAK's 911 alert, linked to the unit's SA; null when it has no place to show. */
export function unitEmergency(unit: Unit, now: number): string | null {
  const location = unit.emergency?.location ?? unit.position?.location;
  if (!unit.emergency || !location) return null;
  return new CoT({
    event: {
      _attributes: eventAttributes(alertCotUid(unit.id), 'b-a-o-tbl', now, ALERT_STALE_MS, 'h-e'),
      point: point(location.lat, location.lon),
      detail: {
        link: { _attributes: { uid: attribute(unitCotUid(unit.id)), type: 'a-f-G-U-C', relation: 'p-p' } },
        contact: { _attributes: { callsign: attribute(`${unit.callsign}-Alert`) } },
        emergency: { _attributes: { type: '911 Alert' }, _text: unit.callsign },
      },
    },
  }).to_xml();
}

/** Cancels a unit's 911 alert on the devices, as ATAK's own cancel does. */
export function unitEmergencyCancel(unit: Unit, now: number): string {
  return new CoT({
    event: {
      _attributes: eventAttributes(alertCotUid(unit.id), 'b-a-o-can', now, ALERT_STALE_MS, 'h-e'),
      point: point(unit.position?.location.lat ?? 0, unit.position?.location.lon ?? 0),
      detail: {
        link: { _attributes: { uid: attribute(unitCotUid(unit.id)), type: 'a-f-G-U-C', relation: 'p-p' } },
        emergency: { _attributes: { cancel: 'true' }, _text: unit.callsign },
      },
    },
  }).to_xml();
}

/** The answer to a device's ping (t-x-c-t), as TAK Server sends it. */
export function pong(now: number): string {
  return new CoT({
    event: {
      _attributes: eventAttributes('takPong', 't-x-c-t-r', now, 20_000, 'h-g-i-g-o'),
      point: point(0, 0),
      detail: {},
    },
  }).to_xml();
}
