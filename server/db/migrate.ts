import path from 'node:path'
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

/**
 * Applies the committed migrations. On PostgreSQL several instances may boot together, so the
 * migration (and whatever `then` does: seeding, the first admin) runs under an advisory lock.
 */
export async function migrateAndSetup(database: Database, then: () => Promise<void> = async () => {}) {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    await then()
    return
  }
  const pool = (database as Database & { pool: Pool }).pool
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
    await then()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}
