import type { Kysely } from 'kysely';

/**
 * Editable unit symbols (docs/decisions/0049-editable-unit-symbols.md): the MIL-STD-2525D symbol
 * code each unit kind is drawn as, and its label in the legend. Installations start with the
 * symbols the maps drew before the table existed (docs/decisions/0030-unit-symbols.md); the values
 * are written out here, not imported, so this migration seeds the same rows forever.
 */
const UNIT_KINDS: readonly { kind: string; sidc: string; label: string }[] = [
  { kind: 'patrol', sidc: '10031000002000000000', label: 'Patrol' }, // law enforcement
  { kind: 'fire', sidc: '10031000001410000000', label: 'Fire' }, // fire protection
  { kind: 'medical', sidc: '10031000001613000000', label: 'Medical' }, // medical
  { kind: 'rescue', sidc: '10031000001418000000', label: 'Rescue' }, // search and rescue
  { kind: 'hazmat', sidc: '10031000001401000000', label: 'Hazmat' }, // CBRN defence
  { kind: 'command', sidc: '10031002001100000000', label: 'Command' }, // command and control, as a headquarters
  { kind: 'drone', sidc: '10031000001219000000', label: 'Drone' }, // unmanned systems
  { kind: 'other', sidc: '10031000000000000000', label: 'Other' }, // a land unit with no function named
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unit_kind_symbols')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    // The standard's 20-digit symbol identification code.
    .addColumn('sidc', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db
    .insertInto('unit_kind_symbols')
    .values(UNIT_KINDS.map((entry) => ({ ...entry, updated_by: null, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unit_kind_symbols').execute();
}
