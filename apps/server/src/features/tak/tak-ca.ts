import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  webcrypto,
  X509Certificate as NodeX509,
  type KeyObject,
} from 'node:crypto';

type Algorithm = webcrypto.Algorithm;
type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
type EcdsaParams = webcrypto.EcdsaParams;
import fs from 'node:fs/promises';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

// Node's webcrypto is the standard one; its declared types and the DOM's differ only in detail.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[1]);

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const DAY = 24 * 60 * 60_000;
/** The certificate authority Argus makes for itself lasts ten years; device certificates a year. */
const CA_DAYS = 3650;
const SERVER_DAYS = 365;

/** Where the operator's CA is, when they give their own (TAK_CA_CERT_FILE, TAK_CA_KEY_FILE). */
export interface TakCaFiles {
  certFile: string;
  keyFile: string;
}

/** A certificate to hand out, as PEM and as the base64 DER TAK clients read. */
export interface IssuedCertificate {
  pem: string;
  der: Buffer;
  serial: string;
  fingerprint: string;
  subject: string;
  notBefore: number;
  notAfter: number;
}

/** A CSR this CA will not sign, with the reason a person can read. */
export class CsrRefused extends Error {}

/** SHA-256 of a certificate's DER, lower-case hex: how a TLS peer is found in tak_certificates. */
export function fingerprintOf(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex');
}

/** A positive random serial (the top bit clear), hex. */
function newSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function issued(certificate: x509.X509Certificate): IssuedCertificate {
  const der = Buffer.from(certificate.rawData);
  return {
    pem: certificate.toString('pem'),
    der,
    serial: certificate.serialNumber.toLowerCase(),
    fingerprint: fingerprintOf(der),
    subject: certificate.subject,
    notBefore: certificate.notBefore.getTime(),
    notAfter: certificate.notAfter.getTime(),
  };
}

/** The signing algorithm webcrypto needs for a key Node has read (RSA or ECDSA P-256/P-384). */
function algorithmOf(pem: string): {
  importAs: webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams;
  sign: Algorithm | EcdsaParams;
} {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType === 'rsa') return { importAs: RSA, sign: RSA };
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const namedCurve = curve === 'prime256v1' ? 'P-256' : curve === 'secp384r1' ? 'P-384' : null;
    if (namedCurve) return { importAs: { name: 'ECDSA', namedCurve }, sign: { name: 'ECDSA', hash: 'SHA-256' } as EcdsaParams };
  }
  throw new Error('The TAK CA key must be RSA or ECDSA on P-256 or P-384.');
}

/** Written whole or not at all: a start that dies halfway leaves no half-written PEM to be read back next time. */
async function writeWhole(file: string, text: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, text, { mode });
  await fs.rename(temporary, file);
}

/** Why a certificate cannot sign device certificates, or null when it can. */
function whyNotACa(certificate: x509.X509Certificate, now: number): string | null {
  const constraints = certificate.getExtension(x509.BasicConstraintsExtension);
  if (!constraints?.ca) return 'is not a certificate authority (its basic constraints do not say CA)';
  if (certificate.notAfter.getTime() <= now) return `expired on ${certificate.notAfter.toISOString()}`;
  if (certificate.notBefore.getTime() > now) return `is not valid before ${certificate.notBefore.toISOString()}`;
  return null;
}

/**
 * Argus's own certificate authority for TAK devices (docs/decisions/0062-tak-tls-enrolment-and-revocation.md).
 * Made on first use under the data folder (the key readable by the server's user alone), or read
 * from the operator's files. It signs the CoT endpoint's server certificate and the devices' CSRs.
 */
export class TakCertificateAuthority {
  private constructor(
    readonly certificate: x509.X509Certificate,
    private readonly signingKey: CryptoKey,
    private readonly signing: Algorithm | EcdsaParams,
  ) {}

  /** The operator's CA when given, else the one kept under `dataDir/tak/`, made now if there is none. */
  static async open(dataDir: string, operator: TakCaFiles | null): Promise<TakCertificateAuthority> {
    if (operator) return TakCertificateAuthority.read(operator.certFile, operator.keyFile);
    const folder = path.join(dataDir, 'tak');
    const certFile = path.join(folder, 'ca.pem');
    const keyFile = path.join(folder, 'ca-key.pem');
    try {
      return await TakCertificateAuthority.read(certFile, keyFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    // mkdir leaves an existing folder's mode as it was: the key's folder is the server's alone either way.
    await fs.chmod(folder, 0o700);
    const keys = (await webcrypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const now = Date.now();
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: newSerial(),
      name: `CN=Argus TAK CA ${randomBytes(3).toString('hex')}, O=Argus`,
      notBefore: new Date(now - DAY),
      notAfter: new Date(now + CA_DAYS * DAY),
      signingAlgorithm: RSA,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
    // The key first: a certificate without its key on disk would be read back and fail.
    await writeWhole(keyFile, x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'), 0o600);
    await writeWhole(certFile, certificate.toString('pem'), 0o644);
    return new TakCertificateAuthority(certificate, keys.privateKey, RSA);
  }

  private static async read(certFile: string, keyFile: string): Promise<TakCertificateAuthority> {
    const [certPem, keyPem] = await Promise.all([fs.readFile(certFile, 'utf8'), fs.readFile(keyFile, 'utf8')]);
    const certificate = new x509.X509Certificate(certPem);
    const unusable = whyNotACa(certificate, Date.now());
    if (unusable) throw new Error(`The TAK CA certificate in ${certFile} ${unusable}.`);
    const algorithm = algorithmOf(keyPem);
    const pkcs8 = createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' });
    const signingKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, algorithm.importAs, false, ['sign']);
    if (!new NodeX509(certPem).checkPrivateKey(createPrivateKey(keyPem)))
      throw new Error(`The TAK CA key in ${keyFile} does not belong to the certificate in ${certFile}.`);
    return new TakCertificateAuthority(certificate, signingKey, algorithm.sign);
  }

  get pem(): string {
    return this.certificate.toString('pem');
  }

  get der(): Buffer {
    return Buffer.from(this.certificate.rawData);
  }

  /** A TLS server certificate and its key (PEM) for the CoT and enrolment ports, made at each start. */
  async serverCertificate(names: string[]): Promise<{ cert: string; key: string }> {
    const keys = (await webcrypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const now = Date.now();
    const ip = /^\d{1,3}(\.\d{1,3}){3}$|:/;
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: newSerial(),
      subject: `CN=${names[0] ?? 'localhost'}, O=Argus`,
      issuer: this.certificate.subject,
      notBefore: new Date(now - DAY),
      notAfter: new Date(Math.min(now + SERVER_DAYS * DAY, this.certificate.notAfter.getTime())),
      signingAlgorithm: this.signing,
      publicKey: keys.publicKey,
      signingKey: this.signingKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(
          names.map((name): x509.JsonGeneralName => ({ type: ip.test(name) ? 'ip' : 'dns', value: name })),
        ),
      ],
    });
    const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
    return { cert: certificate.toString('pem'), key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') };
  }

  /**
   * Reads a CSR as ATAK sends it (base64 DER, or PEM) and checks its own signature: whoever sent it
   * holds the key. What the subject must say is the enrolment's business.
   */
  async readCsr(body: string): Promise<x509.Pkcs10CertificateRequest> {
    const text = body.trim();
    let csr: x509.Pkcs10CertificateRequest;
    try {
      const base64 = text.replace(/-----(BEGIN|END) (NEW )?CERTIFICATE REQUEST-----/g, '').replace(/\s+/g, '');
      if (!base64 || !/^[A-Za-z0-9+/]+=*$/.test(base64)) throw new Error('not base64');
      csr = new x509.Pkcs10CertificateRequest(Buffer.from(base64, 'base64'));
    } catch {
      throw new CsrRefused('The body is not a certificate signing request (PKCS#10, base64 or PEM).');
    }
    let valid = false;
    try {
      valid = await csr.verify();
    } catch {
      valid = false;
    }
    if (!valid) throw new CsrRefused('The certificate signing request’s signature does not match its key.');
    const weakness = keyWeakness(Buffer.from(csr.publicKey.rawData));
    if (weakness) throw new CsrRefused(weakness);
    return csr;
  }

  /** Signs a device's CSR for TLS client authentication, `days` long (never past the CA's own end). */
  async signClient(csr: x509.Pkcs10CertificateRequest, subject: x509.Name, days: number): Promise<IssuedCertificate> {
    const now = Date.now();
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: newSerial(),
      subject,
      issuer: this.certificate.subject,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(Math.min(now + days * DAY, this.certificate.notAfter.getTime())),
      signingAlgorithm: this.signing,
      publicKey: csr.publicKey,
      signingKey: this.signingKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
        await x509.AuthorityKeyIdentifierExtension.create(this.certificate),
      ],
    });
    return issued(certificate);
  }
}

/** Keys a device certificate may carry: RSA of 2048 bits or more, or EC on P-256 or P-384. */
function keyWeakness(spki: Buffer): string | null {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  } catch {
    return 'The certificate signing request’s key cannot be read.';
  }
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') {
    return (details.modulusLength ?? 0) >= 2048 ? null : `The key is RSA of ${details.modulusLength ?? '?'} bits; use 2048 bits or more.`;
  }
  if (key.asymmetricKeyType === 'ec') {
    return ['prime256v1', 'secp384r1'].includes(details.namedCurve ?? '')
      ? null
      : `The key's curve (${details.namedCurve ?? '?'}) is not P-256 or P-384.`;
  }
  return `The key type (${key.asymmetricKeyType ?? '?'}) is not RSA or EC.`;
}
