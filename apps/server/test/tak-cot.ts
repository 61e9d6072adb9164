/**
 * Hand-written CoT events (not captures), shaped like those ATAK sends: its PLI in single quotes
 * with the XML prolog, a GeoChat to All Chat Rooms, the 911 alert and its cancel, and a ping.
 */

export const iso = (ms: number) => new Date(ms).toISOString();

export function pli(uid: string, callsign: string, at: number, lat: number, lon: number, extra = ''): string {
  // ATAK writes single quotes and the prolog; `stale` comes first here, before `time`.
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n` +
    `<event version='2.0' uid='${uid}' type='a-f-G-U-C' stale='${iso(at + 75_000)}' time='${iso(at)}' start='${iso(at)}' how='m-g'>` +
    `<point lat='${lat}' lon='${lon}' hae='9999999.0' ce='9999999.0' le='9999999.0'/>` +
    `<detail><takv device='SAMSUNG SM-G998U' platform='ATAK-CIV' os='33' version='4.10.0.27'/>` +
    `<contact endpoint='*:-1:stcp' callsign='${callsign}'/><uid Droid='${callsign}'/>` +
    `<__group role='Team Member' name='Cyan'/><status battery='76'/><track course='271.5' speed='3.25'/>${extra}</detail></event>`
  );
}

export function geoChat(senderUid: string, callsign: string, messageId: string, at: number, text: string): string {
  return (
    `<event version="2.0" uid="GeoChat.${senderUid}.All Chat Rooms.${messageId}" type="b-t-f" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 86_400_000)}" how="h-g-i-g-o">` +
    `<point lat="0.0" lon="0.0" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><__chat parent="RootContactGroup" groupOwner="false" messageId="${messageId}" chatroom="All Chat Rooms" id="All Chat Rooms" senderCallsign="${callsign}">` +
    `<chatgrp uid0="${senderUid}" uid1="All Chat Rooms" id="All Chat Rooms"/></__chat>` +
    `<link uid="${senderUid}" type="a-f-G-U-C" relation="p-p"/>` +
    `<remarks source="BAO.F.ATAK.${senderUid}" to="All Chat Rooms" time="${iso(at)}">${text}</remarks></detail></event>`
  );
}

export function alert911(senderUid: string, callsign: string, at: number, lat: number, lon: number): string {
  return (
    `<event version="2.0" uid="${senderUid}-9-1-1" type="b-a-o-tbl" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 10_000)}" how="h-e">` +
    `<point lat="${lat}" lon="${lon}" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><link uid="${senderUid}" type="a-f-G-U-C" relation="p-p"/><contact callsign="${callsign}-Alert"/>` +
    `<emergency type="911 Alert">${callsign}</emergency></detail></event>`
  );
}

export function cancel911(senderUid: string, callsign: string, at: number): string {
  return (
    `<event version="2.0" uid="${senderUid}-9-1-1" type="b-a-o-can" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 10_000)}" how="h-e">` +
    `<point lat="0" lon="0" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><link uid="${senderUid}" type="a-f-G-U-C" relation="p-p"/><emergency cancel="true">${callsign}</emergency></detail></event>`
  );
}

export function ping(uid: string, at: number): string {
  return (
    `<event version="2.0" uid="${uid}-ping" type="t-x-c-t" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 20_000)}" how="m-g">` +
    `<point lat="0.0" lon="0.0" hae="0.0" ce="9999999.0" le="9999999.0"/><detail/></event>`
  );
}

/**
 * A video feed placed on the map as ATAK writes one (`b-i-v`), with its ConnectionEntry and, when
 * given, the older `url` attribute and the camera's view as a `<sensor>`.
 */
export function videoFeed(
  uid: string,
  at: number,
  feed: {
    name: string;
    lat: number;
    lon: number;
    address: string;
    port: number;
    path: string;
    protocol: string;
    url?: string;
    creator?: string;
  },
): string {
  const url = feed.url === undefined ? '' : ` url="${feed.url}"`;
  const creator = feed.creator === undefined ? '' : `<link uid="${feed.creator}" type="a-f-G-U-C" relation="p-p"/>`;
  return (
    `<event version="2.0" uid="${uid}" type="b-i-v" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 86_400_000)}" how="h-e">` +
    `<point lat="${feed.lat}" lon="${feed.lon}" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><contact callsign="${feed.name}"/>${creator}` +
    `<__video uid="${uid}"${url}><ConnectionEntry networkTimeout="12000" uid="${uid}" path="${feed.path}" protocol="${feed.protocol}" bufferTime="-1" ` +
    `address="${feed.address}" port="${feed.port}" roverPort="-1" rtspReliable="1" ignoreEmbeddedKLV="false" alias="${feed.name}"/></__video>` +
    `<sensor azimuth="270" fov="45" range="150" vfov="30" north="0" fovRed="1" fovGreen="1" fovBlue="1" fovAlpha="0.3" strokeColor="-16777216" strokeWeight="0.5" displayMagneticReference="0" hideFov="false"/>` +
    `</detail></event>`
  );
}

/** An incident marked on the map in ATAK (battle dimension X), with who marked it and a remark. */
export function incidentMarker(
  uid: string,
  creatorUid: string,
  at: number,
  lat: number,
  lon: number,
  title: string,
  remarks: string,
): string {
  return (
    `<event version="2.0" uid="${uid}" type="a-h-X-i-l" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 3_600_000)}" how="h-g-i-g-o">` +
    `<point lat="${lat}" lon="${lon}" hae="9999999.0" ce="9999999.0" le="9999999.0"/>` +
    `<detail><contact callsign="${title}"/><link uid="${creatorUid}" type="a-f-G-U-C" relation="p-p"/>` +
    `<remarks>${remarks}</remarks><archive/><color argb="-65536"/></detail></event>`
  );
}
