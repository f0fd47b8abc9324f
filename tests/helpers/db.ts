import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'

/** Set to run the integration suite against a real PostgreSQL server instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) {
    const database = await openPglite()
    await migrateAndSetup(database)
    return database
  }
  const name = `vq_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const adminUrl = new URL(TEST_DATABASE_URL)
  const admin = new pg.Client({ connectionString: adminUrl.href })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  const database = await openPostgres(url.href, 20)
  await migrateAndSetup(database)
  const close = database.close
  return {
    ...database,
    close: async () => {
      await close()
      const cleanup = new pg.Client({ connectionString: adminUrl.href })
      await cleanup.connect()
      await cleanup.query(`drop database if exists "${name}" with (force)`)
      await cleanup.end()
    },
  }
}
