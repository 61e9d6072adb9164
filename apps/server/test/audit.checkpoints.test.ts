import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/schema';
import { AuditLog, SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { auditHash } from '../src/features/audit/audit-chain';
import { AuditRepository } from '../src/features/audit/audit.repository';
import { CHECKPOINT_EVERY, signCheckpoint } from '../src/features/audit/audit-checkpoint';
import { keyIdOf, loadAuditSigningKey } from '../src/features/audit/audit-signing-key';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, type TestApp } from './support';

/** Appends that run at once, so on PostgreSQL their transactions meet on the chain head's row lock. */
function appendConcurrently(audit: AuditLog, count: number, label: string) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => audit.append(SYSTEM_CONTEXT, 'user.create', `${label}-${i}@argus.test`, { i })),
  );
}

/**
 * What an insider who can write the database does: change one entry, then recompute every hash
 * after it and the head, so the chain is consistent again.
 */
async function rewriteEntry(db: Kysely<Database>, seq: number, target: string) {
  const rows = await db.selectFrom('audit_events').selectAll().orderBy('seq').execute();
  let prevHash = '0'.repeat(64);
  for (const row of rows) {
    const changed = row.seq === seq ? { ...row, target } : row;
    const hash = auditHash(prevHash, changed);
    await db.updateTable('audit_events').set({ target: changed.target, prev_hash: prevHash, hash }).where('seq', '=', row.seq).execute();
    prevHash = hash;
  }
  await db
    .updateTable('audit_head')
    .set({ seq: rows.at(-1)!.seq, hash: prevHash })
    .where('id', '=', 1)
    .execute();
}

/** Cuts the chain after `keep` entries, the checkpoints over the cut part with it, and moves the head back. */
async function cutTail(db: Kysely<Database>, keep: number) {
  await db.deleteFrom('audit_events').where('seq', '>', keep).execute();
  await db.deleteFrom('audit_checkpoints').where('seq', '>', keep).execute();
  const last = await db.selectFrom('audit_events').select(['seq', 'hash']).where('seq', '=', keep).executeTakeFirstOrThrow();
  await db.updateTable('audit_head').set({ seq: last.seq, hash: last.hash }).where('id', '=', 1).execute();
}

describe.each(TEST_DIALECTS)('signed audit checkpoints on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<Database>;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    db = t.services.db.kysely;
  });
  afterEach(() => t.close());

  it('verifies an honest chain built by many concurrent appends, with a signed checkpoint at every hundredth entry', async () => {
    await appendConcurrently(t.services.audit, 130, 'first');
    const head = await t.services.audit.signedHead();
    // Verifying while appends and their checkpoints land must not mistake them for a break.
    const [, ...verdictsMeanwhile] = await Promise.all([
      appendConcurrently(t.services.audit, 120, 'second'),
      t.services.audit.verify({ head }),
      t.services.audit.verify(),
    ]);
    expect(verdictsMeanwhile.map((verdict) => verdict.reason)).toEqual([null, null]);
    await t.services.audit.append(SYSTEM_CONTEXT, 'user.deactivate', 'last@argus.test', {});

    const checkpoints = await db.selectFrom('audit_checkpoints').select('seq').orderBy('seq').execute();
    expect(checkpoints.map((checkpoint) => checkpoint.seq)).toEqual([CHECKPOINT_EVERY, head.seq, 2 * CHECKPOINT_EVERY]);
    expect(await t.services.audit.verify({ head })).toEqual({
      checked: 251,
      brokenAt: null,
      reason: null,
      signedUpTo: 2 * CHECKPOINT_EVERY,
    });
  });

  it('fails when an entry was changed and every hash after it and the head were recomputed', async () => {
    await appendConcurrently(t.services.audit, 150, 'person');
    await rewriteEntry(db, 40, 'someone-else@argus.test');
    expect(await t.services.audit.verify()).toMatchObject({
      brokenAt: CHECKPOINT_EVERY,
      reason: `entry ${CHECKPOINT_EVERY} does not match the checkpoint signed for it: the chain was rewritten at or before it`,
    });

    // Deleting the checkpoints as well does not help: one is due at every hundredth entry.
    await db.deleteFrom('audit_checkpoints').execute();
    expect(await t.services.audit.verify()).toMatchObject({
      brokenAt: CHECKPOINT_EVERY,
      reason: `entry ${CHECKPOINT_EVERY} has no signed checkpoint (one is signed every ${CHECKPOINT_EVERY} entries): checkpoints were deleted`,
    });
  });

  it('fails on a checkpoint signed with any other key, even one that claims this key id', async () => {
    await appendConcurrently(t.services.audit, 150, 'person');
    await rewriteEntry(db, 40, 'someone-else@argus.test');
    const rewritten = await db
      .selectFrom('audit_events')
      .select(['seq', 'hash'])
      .where('seq', '=', CHECKPOINT_EVERY)
      .executeTakeFirstOrThrow();
    const real = await db.selectFrom('audit_checkpoints').selectAll().where('seq', '=', CHECKPOINT_EVERY).executeTakeFirstOrThrow();
    const { privateKey } = generateKeyPairSync('ed25519');
    const forged = signCheckpoint({ keyId: real.key_id, privateKey }, { seq: rewritten.seq, hash: rewritten.hash, at: real.at });
    await db
      .updateTable('audit_checkpoints')
      .set({ hash: forged.hash, signature: forged.signature })
      .where('seq', '=', CHECKPOINT_EVERY)
      .execute();
    expect(await t.services.audit.verify()).toMatchObject({
      brokenAt: CHECKPOINT_EVERY,
      reason: `the checkpoint at entry ${CHECKPOINT_EVERY} has a signature that does not verify with key ${real.key_id}`,
    });

    const other = generateKeyPairSync('ed25519');
    const foreign = signCheckpoint(
      { keyId: keyIdOf(other.publicKey), privateKey: other.privateKey },
      { seq: rewritten.seq, hash: rewritten.hash, at: real.at },
    );
    await db
      .updateTable('audit_checkpoints')
      .set({ key_id: foreign.keyId, signature: foreign.signature })
      .where('seq', '=', CHECKPOINT_EVERY)
      .execute();
    expect(await t.services.audit.verify()).toMatchObject({
      brokenAt: CHECKPOINT_EVERY,
      reason: `the checkpoint at entry ${CHECKPOINT_EVERY} was signed by key ${foreign.keyId}, not by this server's key ${real.key_id}`,
    });
  });

  it('catches a rewrite before the exported head, and a cut tail, that the checkpoints left in the database cannot', async () => {
    await appendConcurrently(t.services.audit, 150, 'person');
    const head = await t.services.audit.signedHead();

    // After the last checkpoint that is due, with the optional ones over it deleted, the database alone cannot tell.
    await rewriteEntry(db, 130, 'someone-else@argus.test');
    await db.deleteFrom('audit_checkpoints').where('seq', '>', CHECKPOINT_EVERY).execute();
    expect(await t.services.audit.verify()).toMatchObject({ checked: 150, brokenAt: null });
    expect(await t.services.audit.verify({ head })).toMatchObject({
      brokenAt: head.seq,
      reason: `entry ${head.seq} does not match the exported head signed for it: the chain was rewritten at or before it`,
    });

    await cutTail(db, 120);
    expect(await t.services.audit.verify()).toMatchObject({ checked: 120, brokenAt: null });
    expect(await t.services.audit.verify({ head })).toMatchObject({
      brokenAt: 121,
      reason: `entries after 120 are missing: the exported head covers entry ${head.seq}`,
    });
  });

  it('fails when the tail was cut below a checkpoint that is still stored, even with the head moved back', async () => {
    await appendConcurrently(t.services.audit, 110, 'person');
    await db.deleteFrom('audit_events').where('seq', '>', 90).execute();
    const last = await db.selectFrom('audit_events').select(['seq', 'hash']).where('seq', '=', 90).executeTakeFirstOrThrow();
    await db.updateTable('audit_head').set({ seq: last.seq, hash: last.hash }).where('id', '=', 1).execute();
    expect(await t.services.audit.verify()).toMatchObject({
      brokenAt: 91,
      reason: `entries after 90 are missing: the checkpoint covers entry ${CHECKPOINT_EVERY}`,
    });
  });

  it('signs the head as the server shuts down, so the newest entries do not wait for the next hundredth', async () => {
    await appendConcurrently(t.services.audit, 7, 'person');
    await t.app.close();
    expect(await db.selectFrom('audit_checkpoints').select('seq').execute()).toEqual([{ seq: 7 }]);
    expect(await t.services.audit.verify()).toMatchObject({ checked: 7, brokenAt: null, signedUpTo: 7 });
  });

  it('refuses an exported head that was altered after signing', async () => {
    await appendConcurrently(t.services.audit, 5, 'person');
    const head = await t.services.audit.signedHead();
    expect(await t.services.audit.verify({ head: { ...head, seq: 4 } })).toMatchObject({
      brokenAt: 4,
      reason: `the exported head at entry 4 has a signature that does not verify with key ${head.keyId}`,
    });
  });

  it('signs the checkpoints of a chain that predates them only on the start that creates the key', async () => {
    await appendConcurrently(t.services.audit, 250, 'person');
    // As a database from before checkpoints existed looks.
    await db.deleteFrom('audit_checkpoints').execute();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-audit-key-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const upgraded = new AuditLog(new AuditRepository(db), t.clock, loadAuditSigningKey(config));
      await upgraded.adoptChainIfNewKey();
      expect(await upgraded.verify()).toEqual({ checked: 250, brokenAt: null, reason: null, signedUpTo: 250 });

      // The key already exists on a later start, so deleted checkpoints are not signed again.
      await db.deleteFrom('audit_checkpoints').execute();
      const restarted = new AuditLog(new AuditRepository(db), t.clock, loadAuditSigningKey(config));
      await restarted.adoptChainIfNewKey();
      expect(await restarted.verify()).toMatchObject({ brokenAt: CHECKPOINT_EVERY });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
