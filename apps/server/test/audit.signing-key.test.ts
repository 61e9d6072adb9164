import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { AUDIT_KEY_FILE, keyIdOf, loadAuditSigningKey } from '../src/features/audit/audit-signing-key';

describe('the audit signing key', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-audit-key-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const configFor = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: path.join(dataDir, 'data'), ...env });

  it('is created on first start as a file only its owner can read, and read back on the next', () => {
    const first = loadAuditSigningKey(configFor());
    const file = path.join(dataDir, 'data', AUDIT_KEY_FILE);
    expect(first.created).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadAuditSigningKey(configFor());
    expect(second).toMatchObject({ created: false, keyId: first.keyId });
  });

  it.skipIf(process.platform === 'win32')('refuses a key file that others may read', () => {
    loadAuditSigningKey(configFor());
    const file = path.join(dataDir, 'data', AUDIT_KEY_FILE);
    fs.chmodSync(file, 0o644);
    expect(() => loadAuditSigningKey(configFor())).toThrow(`${file} may be read or written by others (mode 644); run chmod 600 on it`);
  });

  it('comes from AUDIT_SIGNING_KEY as PEM or base64 when set, and no file is written', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const base64 = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    for (const value of [pem, base64]) {
      expect(loadAuditSigningKey(configFor({ AUDIT_SIGNING_KEY: value }))).toMatchObject({ created: false, keyId: keyIdOf(publicKey) });
    }
    expect(fs.existsSync(path.join(dataDir, 'data', AUDIT_KEY_FILE))).toBe(false);
  });

  it('refuses an AUDIT_SIGNING_KEY that is not an Ed25519 private key, saying what it must be', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const ed25519Public = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const value of ['not a key', rsa, ed25519Public]) {
      expect(() => configFor({ AUDIT_SIGNING_KEY: value })).toThrow(ConfigError);
      expect(() => configFor({ AUDIT_SIGNING_KEY: value })).toThrow('AUDIT_SIGNING_KEY: must be an Ed25519 private key');
    }
  });
});
