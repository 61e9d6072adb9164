import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterEach, describe, expect, it } from 'vitest';
import { TakCertificateAuthority } from './tak-ca';

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) } as const;
const DAY = 24 * 60 * 60_000;
const folders: string[] = [];

const temporaryFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-tak-ca-'));
  folders.push(folder);
  return folder;
};

/** An operator's certificate and key on disk, self-signed, with the given CA flag and validity. */
async function operatorFiles(options: { ca: boolean; notBefore: number; notAfter: number }) {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Operator CA',
    notBefore: new Date(options.notBefore),
    notAfter: new Date(options.notAfter),
    signingAlgorithm: RSA,
    keys,
    extensions: [new x509.BasicConstraintsExtension(options.ca, undefined, true)],
  });
  const folder = temporaryFolder();
  const certFile = path.join(folder, 'ca.pem');
  const keyFile = path.join(folder, 'ca.key');
  fs.writeFileSync(certFile, certificate.toString('pem'));
  fs.writeFileSync(keyFile, x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'));
  return { certFile, keyFile };
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the TAK certificate authority', () => {
  it('refuses an operator certificate that is not a CA, or is out of date, saying which', async () => {
    const now = Date.now();
    const leaf = await operatorFiles({ ca: false, notBefore: now - DAY, notAfter: now + DAY });
    await expect(TakCertificateAuthority.open(temporaryFolder(), leaf)).rejects.toThrow(/is not a certificate authority/);
    const expired = await operatorFiles({ ca: true, notBefore: now - 10 * DAY, notAfter: now - DAY });
    await expect(TakCertificateAuthority.open(temporaryFolder(), expired)).rejects.toThrow(/expired on/);
    const usable = await operatorFiles({ ca: true, notBefore: now - DAY, notAfter: now + DAY });
    await expect(TakCertificateAuthority.open(temporaryFolder(), usable)).resolves.toBeInstanceOf(TakCertificateAuthority);
  });

  it('keeps its own key in a folder the server alone can read, even one that existed open to others', async () => {
    const dataDir = temporaryFolder();
    fs.mkdirSync(path.join(dataDir, 'tak'), { mode: 0o755 });
    const authority = await TakCertificateAuthority.open(dataDir, null);
    expect(fs.statSync(path.join(dataDir, 'tak')).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.join(dataDir, 'tak')).sort()).toEqual(['ca-key.pem', 'ca.pem']);
    expect((await TakCertificateAuthority.open(dataDir, null)).pem).toBe(authority.pem);
  });
});
