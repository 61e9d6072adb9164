import type { ActiveRules, DetectionFrame, EngineAction } from './engine.types';
import { severityForRisk } from './geofence';
import type { ZoneIndex } from './zone-index';

/** A label followed on one camera: consecutive frames that showed it, since when, zones alerted. */
export interface DetectionTrack {
  frames: number;
  firstAt: number;
  lastAt: number;
  alertedZones: Set<string>;
}

/** Frames further apart than this break the run: the object is counted as gone in between. */
export const FRAME_GAP_MS = 5_000;

const trackKey = (cameraId: string, label: string) => `${cameraId}|${label}`;

type Zones = ReturnType<ZoneIndex['containing']>;

/** The watched zones the objects stand in, each with the objects inside it. */
function zonesOf(
  zones: ZoneIndex,
  objects: DetectionFrame['detections'],
  minRisk: Parameters<ZoneIndex['containing']>[2],
  kinds: Parameters<ZoneIndex['containing']>[3],
) {
  const found = new Map<string, { zone: Zones[number]; inZone: DetectionFrame['detections'] }>();
  for (const object of objects) {
    for (const zone of zones.containing(object.location.lon, object.location.lat, minRisk, kinds)) {
      const entry = found.get(zone.id);
      if (entry) entry.inZone.push(object);
      else found.set(zone.id, { zone, inZone: [object] });
    }
  }
  return found.values();
}

/**
 * Detection-in-zone with inertia: a label must show on `minFrames` consecutive frames (and stay
 * `loiterSeconds`) before the camera's zone raises a detection-tier alert; a frame without it
 * starts the count over. An object is in a zone when its place on the ground (its box's
 * bottom-centre projected from the camera, ground-projection.ts) is; a run alerts each zone that
 * any of the label's objects of the frame stands in.
 */
export function evaluateDetections(
  rules: ActiveRules,
  zones: ZoneIndex,
  tracks: Map<string, DetectionTrack>,
  frame: DetectionFrame,
): EngineAction[] {
  const rule = rules['detection.zone'];
  const { labels, minScore, minFrames, loiterSeconds, zoneKinds, minRisk } = rule.params;
  const seen = new Map<string, DetectionFrame['detections']>();
  for (const detection of frame.detections) {
    const label = detection.label.toLowerCase();
    if (detection.score < minScore || !labels.includes(label)) continue;
    seen.set(label, [...(seen.get(label) ?? []), detection]);
  }
  const prefix = `${frame.cameraId}|`;
  for (const key of tracks.keys()) if (key.startsWith(prefix) && !seen.has(key.slice(prefix.length))) tracks.delete(key);
  if (!rule.enabled) return [];

  const actions: EngineAction[] = [];
  for (const [label, objects] of seen) {
    const key = trackKey(frame.cameraId, label);
    let track = tracks.get(key);
    if (!track || frame.at - track.lastAt > FRAME_GAP_MS || frame.at < track.lastAt) {
      track = { frames: 0, firstAt: frame.at, lastAt: frame.at, alertedZones: new Set() };
      tracks.set(key, track);
    }
    track.frames += 1;
    track.lastAt = frame.at;
    if (track.frames < minFrames || frame.at - track.firstAt < loiterSeconds * 1000) continue;
    for (const { zone, inZone } of zonesOf(zones, objects, minRisk, zoneKinds)) {
      if (track.alertedZones.has(zone.id)) continue;
      track.alertedZones.add(zone.id);
      actions.push({
        type: 'raise',
        alert: {
          rule: 'detection.zone',
          subject: `camera:${frame.cameraId}:${label}@zone:${zone.id}`,
          severity: severityForRisk(zone.riskLevel),
          tier: 'detection',
          title: `${label} seen by ${frame.cameraName} in ${zone.name}`,
          detail: `${label} on ${track.frames} consecutive frames of ${frame.cameraName} over ${((frame.at - track.firstAt) / 1000).toFixed(1)} s, inside ${zone.name} (${zone.riskLevel} risk ${zone.kind} zone).`,
          location: inZone[0]!.location,
          zoneId: zone.id,
          eventAt: frame.at,
          ingestedAt: frame.ingestedAt,
          sources: [
            { kind: 'camera', id: frame.cameraId, name: frame.cameraName },
            ...inZone.map((object) => ({ kind: 'detection', id: object.id, at: frame.at, name: label })),
            { kind: 'zone', id: zone.id, name: zone.name },
          ],
        },
      });
    }
  }
  return actions;
}
