import { count, type SQL } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'

/**
 * The admin lists' and author pages' paging: page `page` (from 1) of `rows` (a `$dynamic()`
 * select, already filtered and ordered), and how many rows of `table` `where` keeps in all,
 * both asked at once.
 */
export async function pageWithTotal<Q extends PgSelect>(
  db: Db,
  rows: Q,
  { table, where, page, pageSize }: { table: PgTable; where?: SQL; page: number; pageSize: number },
) {
  const [pageRows, [total]] = await Promise.all([
    rows.limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(table).where(where),
  ])
  return { rows: pageRows, total: Number(total?.n ?? 0) }
}
