import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import type { Clock } from '../../lib/clock';
import type { SigningKeyRow, SigningKeysRepository } from './signing-keys.repository';

export const SIGNING_ALGORITHM = 'ES256';

interface LoadedKeys {
  current: { kid: string; key: CryptoKey };
  published: JWK[];
  verifySet: ReturnType<typeof createLocalJWKSet>;
  /** Every key's public half with when it retired (null: current or next), for `verifySetFor`. */
  all: { jwk: JWK; retiredAt: number | null }[];
}

/**
 * The ES256 keys that sign access tokens. The JWKS publishes the current key, the next one
 * (so verifiers already hold it when it starts signing) and retired keys for as long as a
 * token they signed can still be valid: rotating signs nobody out.
 */
export class KeyRing {
  private loaded: LoadedKeys | null = null;
  /** When the keys were read, on the machine's monotonic clock: a cache's age, not a domain time. */
  private loadedAt = 0;
  private loading: Promise<LoadedKeys> | null = null;
  /** The last set `verifySetFor` made, by the kids in it: built again only when they change. */
  private longLived: { kids: string; set: LoadedKeys['verifySet'] } | null = null;

  constructor(
    private readonly repository: SigningKeysRepository,
    private readonly clock: Clock,
    /** How long a retired key stays published: the access token lifetime. */
    private readonly retiredGraceMs: number,
    /**
     * How old the keys held may grow before they are read again: `keys rotate` on any node (or the
     * CLI) reaches every node within this, not at its next restart (docs/decisions/0052-backups-and-shared-state.md).
     */
    private readonly reloadAfterMs: number,
  ) {}

  async signingKey(): Promise<{ kid: string; key: CryptoKey }> {
    return (await this.keys()).current;
  }

  async jwks(): Promise<JSONWebKeySet> {
    return { keys: (await this.keys()).published };
  }

  async verifySet(): Promise<LoadedKeys['verifySet']> {
    return (await this.keys()).verifySet;
  }

  /**
   * Keys that verify what Argus signed to live longer than an access token: retired keys stay in it
   * for `lifetimeMs` after they retired, however long `jwks()` publishes them. TAK playback links
   * live 12 hours (docs/decisions/0073-tak-video-out-and-read-receipts.md): a rotation must not stop
   * them, nor lengthen how long a retired key's access tokens are accepted.
   */
  async verifySetFor(lifetimeMs: number): Promise<LoadedKeys['verifySet']> {
    const { all } = await this.keys();
    const now = this.clock.now();
    const keys = all.filter((row) => row.retiredAt === null || row.retiredAt + lifetimeMs > now).map((row) => row.jwk);
    const kids = keys.map((key) => key.kid).join(' ');
    if (this.longLived?.kids !== kids) this.longLived = { kids, set: createLocalJWKSet({ keys }) };
    return this.longLived.set;
  }

  /** Another instance may have rotated: read the keys again (on an unknown kid, say). */
  async reload(): Promise<void> {
    // A read already under way may predate the change that asks for this one: let it land, then read again.
    await this.loading?.catch(() => undefined);
    this.loaded = null;
    await this.keys();
  }

  async rotate(): Promise<void> {
    await this.keys();
    await this.repository.rotate(this.clock.now(), await newKey('next', this.clock.now()));
    await this.reload();
  }

  private keys(): Promise<LoadedKeys> {
    if (this.loaded && performance.now() - this.loadedAt < this.reloadAfterMs) return Promise.resolve(this.loaded);
    // Held keys keep signing while fresh ones are read, one read at a time; a failed read is retried at the next call.
    if (this.loaded) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      this.loading.catch(() => undefined);
      return Promise.resolve(this.loaded);
    }
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<LoadedKeys> {
    let rows = await this.repository.list();
    const now = this.clock.now();
    if (!rows.some((row) => row.state === 'current')) {
      await this.repository.insert({ ...(await newKey('current', now)), activated_at: now });
    }
    if (!rows.some((row) => row.state === 'next')) await this.repository.insert(await newKey('next', now));
    rows = await this.repository.list();

    // Should two instances have created a current key at once, the oldest signs.
    const current = rows.find((row) => row.state === 'current')!;
    const published = rows
      .filter((row) => row.state !== 'retired' || (row.retired_at ?? 0) + this.retiredGraceMs > now)
      .map((row) => JSON.parse(row.public_jwk) as JWK);
    const key = (await importJWK(JSON.parse(current.private_jwk) as JWK, SIGNING_ALGORITHM)) as CryptoKey;
    this.loadedAt = performance.now();
    const all = rows.map((row) => ({
      jwk: JSON.parse(row.public_jwk) as JWK,
      retiredAt: row.state === 'retired' ? (row.retired_at ?? 0) : null,
    }));
    this.loaded = { current: { kid: current.kid, key }, published, verifySet: createLocalJWKSet({ keys: published }), all };
    return this.loaded;
  }
}

async function newKey(state: 'current' | 'next', now: number): Promise<SigningKeyRow> {
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig', key_ops: ['verify'] };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM };
  return {
    kid,
    private_jwk: JSON.stringify(privateJwk),
    public_jwk: JSON.stringify(publicJwk),
    state,
    created_at: now,
    activated_at: null,
    retired_at: null,
  };
}
