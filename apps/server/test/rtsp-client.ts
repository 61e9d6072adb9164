import type { SimulatedDevice } from './tak-device';

let cseq = 0;

/**
 * Sends an RTSP request written by hand over a raw connection, as a player would, and resolves
 * with the status of its answer (null if the connection closed without one).
 */
export async function askRtsp(client: SimulatedDevice, method: string, url: string, headers: Record<string, string> = {}) {
  cseq += 1;
  const lines = [`${method} ${url} RTSP/1.0`, `CSeq: ${cseq}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  client.send(`${lines.join('\r\n')}\r\n\r\n`);
  const answered = new RegExp(`RTSP/1\\.0 (\\d{3})[^\\r]*\\r\\nCSeq: ${cseq}\\r\\n`);
  await client.until((c) => answered.test(c.received) || c.closed);
  return Number(answered.exec(client.received)?.[1] ?? 0) || null;
}

/** The session id the last SETUP (or DESCRIBE) answer gave, for the requests that name it. */
export const rtspSessionOf = (client: SimulatedDevice) => /Session: ([0-9a-f]+)/.exec(client.received)![1]!;
