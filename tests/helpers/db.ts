import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'
import { TEMPLATE_DUMP } from '#tests/helpers/data-folder-template.ts'

/** Set to run the integration suite against a real PostgreSQL server instead of PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server that is dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) {
    // Vitest's global setup (tests/helpers/pglite-template.ts) dumped a migrated database once;
    // outside Vitest (a bench) there is none and the database is made here.
    const template = process.env[TEMPLATE_DUMP]
    const database = await openPglite(undefined, template ? new Blob([await readFile(template)]) : undefined)
    await migrateAndSetup(database)
    return database
  }
  const name = `vq_test_${Date.now()}_${randomBytes(4).toString('hex')}`
  const url = await createScratchDatabase(name)
  const database = await openPostgres(url, 20)
  await migrateAndSetup(database)
  const close = database.close
  return {
    ...database,
    close: async () => {
      await close()
      await dropScratchDatabase(name)
    },
  }
}

/** Runs one statement on the PostgreSQL server of `serverUrl` over a connection of its own. */
export async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * Creates the empty database `name` on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL
 * unless told) and answers its URL; `dropScratchDatabase` removes it again.
 */
export async function createScratchDatabase(name: string, serverUrl = TEST_DATABASE_URL as string): Promise<string> {
  await onServer(serverUrl, `create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.href
}

/** Drops the database `name` made by `createScratchDatabase`, even with connections still open to it. */
export async function dropScratchDatabase(name: string, serverUrl = TEST_DATABASE_URL as string) {
  await onServer(serverUrl, `drop database if exists "${name}" with (force)`)
}
