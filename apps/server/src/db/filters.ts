import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Keyset } from '../lib/cursor';

// Shared by every table with lat/lon and created_at/id columns; typed loosely so one helper
// serves them all (the columns are checked by the tests of each list).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table with those columns
type AnyBuilder = ExpressionBuilder<any, any>;

/** Rows inside "south,west,north,east"; a box across the antimeridian has its west edge east of its east edge. */
export function insideBox(eb: AnyBuilder, [south, west, north, east]: readonly [number, number, number, number]): Expression<SqlBool> {
  const lon = west <= east ? eb.and([eb('lon', '>=', west), eb('lon', '<=', east)]) : eb.or([eb('lon', '>=', west), eb('lon', '<=', east)]);
  return eb.and([eb('lat', '>=', south), eb('lat', '<=', north), lon]);
}

/** Rows after a keyset position in a newest-first (created_at, id) order. */
export function olderThan(eb: AnyBuilder, { createdAt, id }: Keyset): Expression<SqlBool> {
  return eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]);
}
