import { randomBytes, randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import forge from 'node-forge';

export interface OnboardingSettings {
  /** The name the device reaches the TAK ports by. */
  host: string;
  cotPort: number;
  enrolPort: number;
  martiPort: number | null;
  /** Argus's CA, PEM: the truststore the device checks the server's certificate against. */
  caPem: string;
  email: string;
  token: string;
  callsign: string;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function entry(key: string, value: string | number | boolean): string {
  const type = typeof value === 'boolean' ? 'Boolean' : typeof value === 'number' ? 'Integer' : 'String';
  return `    <entry key="${key}" class="class java.lang.${type}">${xml(String(value))}</entry>`;
}

/**
 * The CA as a PKCS#12 truststore, which is what ATAK reads. WebCrypto and @peculiar/x509 write no
 * PKCS#12, so node-forge does; triple DES is what Android's keystore reads in every version.
 */
function truststore(caPem: string, password: string): Uint8Array {
  const certificate = forge.pki.certificateFromPem(caPem);
  const asn1 = forge.pkcs12.toPkcs12Asn1(null, [certificate], password, { algorithm: '3des', friendlyName: 'argus-ca' });
  return forge.util.binary.raw.decode(forge.asn1.toDer(asn1).getBytes());
}

/**
 * ATAK's data-package layout: MANIFEST/manifest.xml naming the contents, a `.pref` with the
 * connection (`host:port:ssl`) set to enrol for a certificate with the token, and the truststore.
 * The device makes its own key and enrols with the token (decision 0066); no private key is in it.
 */
export function onboardingPackage(settings: OnboardingSettings): { filename: string; bytes: Uint8Array } {
  // The truststore holds only the public CA; its password is in the .pref beside it, as ATAK needs.
  const password = randomBytes(12).toString('base64url');
  const folder = `argus-${randomUUID().slice(0, 8)}`;
  const trustName = 'truststore-argus.p12';
  const prefName = 'argus.pref';
  const streams = [
    entry('count', 1),
    entry('description0', `Argus ${settings.callsign}`),
    entry('enabled0', true),
    entry('connectString0', `${settings.host}:${settings.cotPort}:ssl`),
    entry('caLocation0', `cert/${trustName}`),
    entry('caPassword0', password),
    entry('enrollForCertificateWithTrust0', true),
    entry('useAuth0', true),
    entry('cacheCreds0', 'Cache credentials'),
    entry('username0', settings.email),
    entry('password0', settings.token),
  ];
  const app = [
    entry('caLocation', `cert/${trustName}`),
    entry('caPassword', password),
    entry('apiCertEnrollmentPort', settings.enrolPort),
    ...(settings.martiPort === null ? [] : [entry('apiSecureServerPort', settings.martiPort)]),
    entry('locationCallsign', settings.callsign),
    entry('displayServerConnectionWidget', true),
  ];
  const pref = [
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`,
    `<preferences>`,
    `  <preference version="1" name="cot_streams">`,
    ...streams,
    `  </preference>`,
    `  <preference version="1" name="com.atakmap.app_preferences">`,
    ...app,
    `  </preference>`,
    `</preferences>`,
    '',
  ].join('\n');
  const manifest = [
    `<MissionPackageManifest version="2">`,
    `  <Configuration>`,
    `    <Parameter name="uid" value="${randomUUID()}"/>`,
    `    <Parameter name="name" value="${xml(`Argus ${settings.callsign}`)}"/>`,
    `    <Parameter name="onReceiveDelete" value="true"/>`,
    `  </Configuration>`,
    `  <Contents>`,
    `    <Content ignore="false" zipEntry="${folder}/${prefName}"/>`,
    `    <Content ignore="false" zipEntry="${folder}/${trustName}"/>`,
    `  </Contents>`,
    `</MissionPackageManifest>`,
    '',
  ].join('\n');
  const bytes = zipSync({
    'MANIFEST/manifest.xml': strToU8(manifest),
    [`${folder}/${prefName}`]: strToU8(pref),
    [`${folder}/${trustName}`]: truststore(settings.caPem, password),
  });
  const safe = settings.callsign.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '') || 'unit';
  return { filename: `argus-${safe}-onboarding.zip`, bytes };
}
