import { webcrypto } from 'node:crypto';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { ping, pli } from './tak-cot';
import { SimulatedDevice } from './tak-device';

// Node's webcrypto is the standard one; its declared types and the DOM's differ only in detail.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * Keys made once per test file (each file imports this module afresh) and handed out in turn: an
 * RSA 2048 key took a good part of a TLS test under load, and no test needs a key no other device
 * had, only that a device's certificate and key go together. Three, so a certificate and the
 * authority that signed it (`foreignClient`) never share one.
 */
const KEY_POOL_SIZE = 3;
const keyPool: Promise<webcrypto.CryptoKeyPair>[] = [];
let keysHandedOut = 0;

/** A key as ATAK makes one before it enrols: RSA 2048 (one of this file's few, see above). */
export function deviceKeys(): Promise<webcrypto.CryptoKeyPair> {
  const slot = keysHandedOut++ % KEY_POOL_SIZE;
  keyPool[slot] ??= webcrypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'sign',
    'verify',
  ]) as Promise<webcrypto.CryptoKeyPair>;
  return keyPool[slot];
}

export async function keyPem(keys: webcrypto.CryptoKeyPair): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
}

/** The CSR ATAK sends: base64 DER with the common name the person typed and the entries /tls/config named. */
export async function csrFor(keys: webcrypto.CryptoKeyPair, commonName: string): Promise<string> {
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [commonName] }, { OU: ['TAK'] }, { O: ['Argus'] }],
    keys,
    signingAlgorithm: RSA,
  });
  return Buffer.from(csr.rawData).toString('base64');
}

/** A certificate authority that is not Argus's, with a client certificate it signed. */
export async function foreignClient(commonName: string): Promise<{ cert: string; key: string }> {
  const caKeys = await deviceKeys();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: 'CN=Someone Else CA',
    keys: caKeys,
    signingAlgorithm: RSA,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
  });
  const keys = await deviceKeys();
  const cert = await x509.X509CertificateGenerator.create({
    subject: [{ CN: [commonName] }],
    issuer: ca.subject,
    signingAlgorithm: RSA,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth])],
  });
  return { cert: cert.toString('pem'), key: await keyPem(keys) };
}

export interface EnrolAnswer {
  status: number;
  body: string;
}

/** ATAK's POST /Marti/api/tls/signClient/v2 with HTTP Basic, trusting Argus's CA. */
export function enrol(
  port: number,
  ca: string,
  request: { email?: string; password?: string; clientUid?: string; csr: string; accept?: string },
): Promise<EnrolAnswer> {
  const query = request.clientUid === undefined ? '' : `?clientUid=${encodeURIComponent(request.clientUid)}&version=4.10.0.27`;
  const headers: Record<string, string> = { 'content-type': 'text/plain', accept: request.accept ?? 'application/json' };
  if (request.email !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${request.email}:${request.password ?? ''}`).toString('base64')}`;
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      { host: '127.0.0.1', port, servername: 'localhost', ca, method: 'POST', path: `/Marti/api/tls/signClient/v2${query}`, headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.csr);
  });
}

export function getTlsConfig(port: number, ca: string): Promise<EnrolAnswer> {
  return new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port, servername: 'localhost', ca, path: '/Marti/api/tls/config' }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** base64 DER, as the enrolment answers, to PEM. */
export function pemOfDer(base64: string): string {
  return x509.PemConverter.encode(Buffer.from(base64, 'base64'), 'CERTIFICATE');
}

/**
 * A device on the TLS CoT port. It resolves once the handshake is over or the connection ended:
 * a refused device is a closed one (with TLS 1.3 the client may finish its side before the
 * server turns its certificate down).
 */
export function connectTls(port: number, ca: string, client: { cert?: string; key?: string }): Promise<SimulatedDevice> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca, ...client });
    const device = SimulatedDevice.over(socket);
    socket.once('secureConnect', () => resolve(device));
    socket.once('close', () => resolve(device));
  });
}

/** A plain TCP connection to the TLS port that never starts a handshake. */
export function connectSilent(port: number): Promise<SimulatedDevice> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(SimulatedDevice.over(socket)));
    socket.once('error', reject);
  });
}

/** One request line sent as it is over TLS to the enrolment port (no client library tidies it); the answer's head. */
export function rawEnrolmentRequest(port: number, ca: string, requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca }, () => {
      socket.write(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

export interface MartiAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request to the Marti port as ATAK makes it: over HTTPS, with its client certificate. */
export function marti(
  port: number,
  ca: string,
  client: { cert?: string; key?: string },
  request: { method?: string; path: string; body?: Buffer | string; headers?: Record<string, string> },
): Promise<MartiAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: '127.0.0.1',
        port,
        servername: 'localhost',
        ca,
        ...client,
        method: request.method ?? 'GET',
        path: request.path,
        headers: { host: `localhost:${port}`, ...request.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** ATAK's multipart upload of a data package: the file in the part named `assetfile`. */
export async function multipartPackage(bytes: Buffer, filename: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.append('assetfile', new Blob([new Uint8Array(bytes)], { type: 'application/x-zip-compressed' }), filename);
  const encoded = new Request('https://tak.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

export interface DeviceCredentials {
  cert: string;
  key: string;
  /** The CA certificate the enrolment answer named (`ca0`), PEM. */
  issuer: string;
}

/** ATAK's enrolment with the user's password: the certificate Argus signed and the device's key. */
export async function enrolDevice(
  port: number,
  ca: string,
  user: { email: string; password: string; uid: string },
): Promise<DeviceCredentials> {
  const keys = await deviceKeys();
  const answer = await enrol(port, ca, {
    email: user.email,
    password: user.password,
    clientUid: user.uid,
    csr: await csrFor(keys, user.email),
  });
  if (answer.status !== 200) throw new Error(`enrolment answered ${answer.status}: ${answer.body}`);
  const { signedCert, ca0 } = JSON.parse(answer.body) as { signedCert: string; ca0: string };
  return { cert: pemOfDer(signedCert), key: await keyPem(keys), issuer: pemOfDer(ca0) };
}

/** What ATAK does on first start: a key, a CSR in the user's name, enrolment with their password, then the TLS stream. */
export async function enrolAndConnect(
  ports: { enrol: number; tls: number },
  ca: string,
  user: { email: string; password: string; uid: string },
): Promise<SimulatedDevice> {
  return connectTls(ports.tls, ca, await enrolDevice(ports.enrol, ca, user));
}

/**
 * A crew member's device as the TAK tests place it: enrolled with their password, connected over
 * TLS, and heard once at its own position (PLI), so it is a contact others may see.
 */
export async function deviceAtItsPosition(
  t: { takTls: { enrolPort: number | null; tlsPort: number | null; authority: { pem: string } | null }; clock: { now(): number } },
  user: { email: string; password: string; uid: string },
): Promise<SimulatedDevice> {
  const device = await enrolAndConnect({ enrol: t.takTls.enrolPort!, tls: t.takTls.tlsPort! }, t.takTls.authority!.pem, user);
  device.send(pli(user.uid, user.uid.slice(-4), t.clock.now(), 51.5, -0.12));
  await settled(device);
  return device;
}

/** Resolves once the server has handled everything the device sent before (events go in order): it answered a ping. */
export async function settled(device: SimulatedDevice, uid = 'settle'): Promise<void> {
  const pongs = () => device.received.split('t-x-c-t-r').length - 1;
  const before = pongs();
  device.send(ping(uid, Date.now()));
  await device.until((d) => pongs() > before || d.closed);
}
