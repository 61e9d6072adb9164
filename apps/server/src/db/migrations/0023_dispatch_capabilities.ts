import type { Kysely } from 'kysely';

/**
 * Dispatch by capability (docs/decisions/0039-dispatch-by-capability.md): what each unit kind can do
 * and its typical speed for a straight-line ETA, and what each incident category needs. Installations
 * start with the defaults below; administrators edit them in Settings › Dispatch capabilities. The
 * values are written out here, not imported, so this migration seeds the same rows forever.
 */
const UNIT_KINDS: readonly { kind: string; capabilities: string[]; speedKmh: number }[] = [
  { kind: 'patrol', capabilities: ['law enforcement', 'traffic control'], speedKmh: 45 },
  { kind: 'fire', capabilities: ['fire suppression', 'technical rescue'], speedKmh: 35 },
  { kind: 'medical', capabilities: ['medical care', 'patient transport'], speedKmh: 40 },
  { kind: 'rescue', capabilities: ['technical rescue', 'water rescue'], speedKmh: 35 },
  { kind: 'hazmat', capabilities: ['hazardous materials', 'decontamination'], speedKmh: 30 },
  { kind: 'command', capabilities: ['incident command'], speedKmh: 45 },
  { kind: 'drone', capabilities: ['aerial surveillance'], speedKmh: 60 },
  { kind: 'other', capabilities: [], speedKmh: 40 },
];

const CATEGORIES: readonly { category: string; needs: string[] }[] = [
  { category: 'fire', needs: ['fire suppression'] },
  { category: 'medical', needs: ['medical care'] },
  { category: 'crime', needs: ['law enforcement'] },
  { category: 'public order', needs: ['law enforcement'] },
  { category: 'traffic', needs: ['traffic control', 'medical care'] },
  { category: 'hazmat', needs: ['hazardous materials'] },
  { category: 'rescue', needs: ['technical rescue'] },
  { category: 'search and rescue', needs: ['technical rescue', 'aerial surveillance'] },
  { category: 'flood', needs: ['water rescue'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unit_kind_capabilities')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    // JSON array of lower-case capability names.
    .addColumn('capabilities', 'text', (c) => c.notNull())
    .addColumn('speed_kmh', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('category_needs')
    .addColumn('category', 'text', (c) => c.primaryKey())
    // JSON array of the capability names the category needs.
    .addColumn('needs', 'text', (c) => c.notNull())
    // The order the administrators listed them in.
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db
    .insertInto('unit_kind_capabilities')
    .values(
      UNIT_KINDS.map((entry) => ({
        kind: entry.kind,
        capabilities: JSON.stringify(entry.capabilities),
        speed_kmh: entry.speedKmh,
        updated_by: null,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('category_needs')
    .values(CATEGORIES.map((entry, position) => ({ category: entry.category, needs: JSON.stringify(entry.needs), position })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('category_needs').execute();
  await db.schema.dropTable('unit_kind_capabilities').execute();
}
