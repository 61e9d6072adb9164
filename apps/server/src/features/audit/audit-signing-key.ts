import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../../config';
import { sha256 } from '../../lib/tokens';

/** The key file's name under DATA_DIR when AUDIT_SIGNING_KEY is not set. */
export const AUDIT_KEY_FILE = 'audit-signing-key.pem';

/**
 * The Ed25519 key that signs audit checkpoints. It is kept out of the database on purpose: whoever
 * can write the database but not read this key cannot sign a checkpoint for a chain they rewrote.
 */
export interface AuditSigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** This start wrote the key file, so no checkpoint of the chain as it stands was signed before. */
  readonly created: boolean;
}

/** A short name for a public key: the start of its SPKI's SHA-256, which anyone holding the key can recompute. */
export function keyIdOf(publicKey: KeyObject): string {
  return sha256(publicKey.export({ type: 'spki', format: 'der' })).slice(0, 16);
}

/** The public key as base64 SPKI DER, for an exported head to carry. */
export function publicKeyBase64(publicKey: KeyObject): string {
  return publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
}

/** The key from AUDIT_SIGNING_KEY, or from the key file under DATA_DIR, made on first start. */
export function loadAuditSigningKey(config: Pick<Config, 'dataDir' | 'auditSigningKey'>): AuditSigningKey {
  if (config.auditSigningKey) return describeKey(config.auditSigningKey, false);
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  const created = createKeyFileIfMissing(file);
  return describeKey(readKeyFile(file), created);
}

function describeKey(privateKey: KeyObject, created: boolean): AuditSigningKey {
  const publicKey = createPublicKey(privateKey);
  return { keyId: keyIdOf(publicKey), privateKey, publicKey, created };
}

/**
 * Writes a new key whole under a temporary name, readable by its owner only, then links it into
 * place: the link fails when another process (the server and the CLI starting together) got there
 * first, so both end up with the same key and neither ever reads half a file.
 */
function createKeyFileIfMissing(file: string): boolean {
  if (fs.existsSync(file)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, pem, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readKeyFile(file: string): KeyObject {
  // Windows reports no POSIX permissions, so there is nothing to check there.
  const mode = fs.statSync(file).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new ConfigError(`The audit signing key ${file} may be read or written by others (mode ${mode.toString(8)}); run chmod 600 on it`);
  }
  let key: KeyObject | null = null;
  try {
    key = createPrivateKey(fs.readFileSync(file));
  } catch {
    // Answered below with the same message as a key of the wrong type.
  }
  if (key?.asymmetricKeyType !== 'ed25519') throw new ConfigError(`The audit signing key ${file} is not an Ed25519 private key in PEM`);
  return key;
}
