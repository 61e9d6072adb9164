import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

/**
 * SQL pieces the analytics repositories share. The same query text runs on SQLite and
 * PostgreSQL except for reading a field out of a JSON text column, which differs by dialect.
 */

/** A number stored in a JSON text column ({"assigned": 1700000000000}), or NULL. */
export function jsonNumber(db: Kysely<Database>, column: string, key: string): RawBuilder<number | null> {
  return isPostgres(db)
    ? sql<number | null>`((${sql.ref(column)})::jsonb ->> ${sql.lit(key)})::double precision`
    : sql<number | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}

/** A text field of a JSON text column, or NULL. */
export function jsonText(db: Kysely<Database>, column: string, key: string): RawBuilder<string | null> {
  return isPostgres(db) ? sql<string | null>`((${sql.ref(column)})::jsonb ->> ${sql.lit(key)})` : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}

/** The start of the UTC hour or day a time falls in (integer division on both dialects). */
export function bucketStart(column: string, sizeMs: number): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} / ${sql.lit(sizeMs)}) * ${sql.lit(sizeMs)}`;
}

/**
 * Milliseconds of [start, end) that fall inside [from, to); 0 when start is NULL or they do not
 * overlap. CASE rather than LEAST/GREATEST, which SQLite spells MIN/MAX.
 */
export function overlapMs(start: RawBuilder<unknown>, end: RawBuilder<unknown>, from: number, to: number): RawBuilder<number> {
  return sql<number>`CASE WHEN ${start} IS NULL OR ${end} <= ${start} OR ${end} <= ${sql.lit(from)} OR ${start} >= ${sql.lit(to)} THEN 0
    ELSE (CASE WHEN ${end} < ${sql.lit(to)} THEN ${end} ELSE ${sql.lit(to)} END) - (CASE WHEN ${start} > ${sql.lit(from)} THEN ${start} ELSE ${sql.lit(from)} END) END`;
}

/** A row of a percentile query: the value at this rank within its series of n values. */
export interface RankedValue {
  series: string;
  n: number;
  rank: number;
  value: number;
}

/**
 * Nearest-rank percentiles over a derived table of (series, value), ranked in the database. Only
 * the rows at the requested ranks come back: ceil(p·n) is computed as floor((a·n + b − 1) / b)
 * for p = a/b, so it stays integer arithmetic on both dialects.
 */
export function rankedPercentiles(values: RawBuilder<unknown>, fractions: readonly (readonly [number, number])[]): RawBuilder<RankedValue> {
  const wanted = sql.join(
    fractions.map(([a, b]) => sql`rank_in_series = (${sql.lit(a)} * n + ${sql.lit(b - 1)}) / ${sql.lit(b)}`),
    sql` OR `,
  );
  return sql<RankedValue>`SELECT series, n, rank_in_series AS rank, value FROM (
      SELECT series, value,
        ROW_NUMBER() OVER (PARTITION BY series ORDER BY value) AS rank_in_series,
        COUNT(*) OVER (PARTITION BY series) AS n
      FROM (${values}) AS series_values
    ) AS ranked WHERE ${wanted}`;
}

/** Nearest rank of fraction a/b among n values, as the SQL above computes it. */
export function nearestRank(n: number, [a, b]: readonly [number, number]): number {
  return Math.floor((a * n + b - 1) / b);
}

/** Picks each series' percentiles out of the ranked rows. */
export function percentilesBySeries(rows: RankedValue[], fractions: readonly (readonly [number, number])[]): Map<string, { n: number; values: (number | null)[] }> {
  const result = new Map<string, { n: number; values: (number | null)[] }>();
  for (const row of rows) {
    const n = Number(row.n);
    const entry = result.get(row.series) ?? { n, values: fractions.map(() => null) };
    fractions.forEach((fraction, index) => {
      if (nearestRank(n, fraction) === Number(row.rank)) entry.values[index] = Number(row.value);
    });
    result.set(row.series, entry);
  }
  return result;
}

/** The value at a 1-based rank among n values of a (value) query, sorted from the nearer end. */
export async function valueAtRank(db: Kysely<Database>, values: RawBuilder<unknown>, n: number, rank: number): Promise<number | null> {
  const fromTop = rank > n / 2;
  const offset = fromTop ? n - rank : rank - 1;
  const { rows } = await sql<{ value: number }>`SELECT value FROM (${values}) AS ranked_values
    ORDER BY value ${fromTop ? sql`DESC` : sql`ASC`} LIMIT 1 OFFSET ${sql.lit(offset)}`.execute(db);
  return rows[0] ? Number(rows[0].value) : null;
}
