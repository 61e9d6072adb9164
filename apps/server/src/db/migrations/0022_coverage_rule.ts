import type { Kysely } from 'kysely';

/**
 * The coverage rule (docs/decisions/0038-coverage-rule.md): patrol zones without an available patrol
 * unit for a quarter of an hour, as installations start with it; command edits it on the rules screen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('rules')
    .values({
      id: 'zone.coverage',
      kind: 'zone.coverage',
      name: 'Zone without an available unit of a kind',
      enabled: 1,
      params: JSON.stringify({ zoneKinds: ['patrol'], unitKinds: ['patrol'], minutes: 15 }),
      updated_by: null,
      updated_at: Date.now(),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('rules').where('id', '=', 'zone.coverage').execute();
}
