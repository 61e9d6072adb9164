import type tls from 'node:tls';
import { fingerprintOf } from './tak-ca';
import type { DeviceIdentity, TakCertificatesService } from './tak-certificates.service';

/**
 * Who the device at the other end of a TLS socket is, or why it may not be served: its certificate
 * passed the CA check in the handshake, and the certificates table says whether it is still in
 * force. The CoT port and the Marti port ask the same question here.
 */
export async function identifyPeer(
  socket: tls.TLSSocket,
  certificates: TakCertificatesService,
): Promise<(DeviceIdentity & { serial: string }) | { refused: string; serial?: string }> {
  const certificate = socket.getPeerCertificate();
  if (!socket.authorized || !certificate?.raw) return { refused: String(socket.authorizationError ?? 'no client certificate') };
  const identity = await certificates.identify(fingerprintOf(certificate.raw));
  return { ...identity, serial: certificate.serialNumber };
}

/**
 * A certificate serial as one string whoever wrote it: Node gives upper-case hex without leading
 * zeros, `openssl x509 -serial` may keep them, and people paste it with colons.
 */
export function certificateSerial(text: string): string {
  return text
    .trim()
    .replaceAll(':', '')
    .toLowerCase()
    .replace(/^0+(?=.)/, '');
}
