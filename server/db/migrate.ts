import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Pool } from 'pg'
import type { Database } from '#server/db/client.ts'
import { projectRoot } from '#server/paths.ts'

export const migrationsFolder = path.join(projectRoot, 'server/db/migrations')

/** Any number in the bigint range; shared by every instance so only one migrates at a time. */
const MIGRATION_LOCK = 720_431_977

/** The `when` of the newest committed migration (drizzle-kit's journal). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((e) => e.when))
}

/**
 * Whether every committed migration is applied, in one query: drizzle's migrator applies each
 * migration newer than the newest `created_at` of its table, so when that is at least the newest
 * migration's `when` it would apply nothing. It would still read and hash every migration file and
 * run five statements (two of them DDL) in a transaction; a restart skips that
 * (docs/decisions/042-fast-restart.md). No table yet (a new database): not applied.
 */
async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const result = (await database.db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string | number | null }[] }
    const newest = result.rows[0]?.newest
    return newest !== null && newest !== undefined && Number(newest) >= newestMigrationMillis()
  } catch {
    return false
  }
}

/**
 * Applies the committed migrations (unless all are applied already). On PostgreSQL several
 * instances may boot together, so the migration (and whatever `then` does: seeding, the first
 * admin) runs under an advisory lock.
 */
export async function migrateAndSetup(database: Database, then: () => Promise<void> = async () => {}) {
  if (database.kind === 'pglite') {
    if (!(await migrationsApplied(database))) {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    }
    await then()
    return
  }
  const pool = (database as Database & { pool: Pool }).pool
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    if (!(await migrationsApplied(database))) {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
    }
    await then()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}
