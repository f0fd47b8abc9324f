import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { migrateAndSetup, migrationsFolder } from '#server/db/migrate.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'

// A restart checks in one query that every migration is applied, and runs drizzle's migrator
// only when one is not (docs/decisions/042-fast-restart.md).
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { when: number }[]
}

let database: Database | undefined
afterEach(async () => {
  await database?.close()
  database = undefined
})

async function appliedRows(db: Database) {
  const result = (await db.db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  )) as unknown as { rows: { created_at: string | number }[] }
  return result.rows.map((r) => Number(r.created_at))
}

test('a new database gets every migration; a restart applies none again and still runs the setup', async () => {
  database = await createTestDatabase()
  expect(await appliedRows(database)).toEqual(journal.entries.map((e) => e.when))
  let setups = 0
  await migrateAndSetup(database, async () => {
    setups += 1
  })
  expect(setups).toBe(1)
  expect(await appliedRows(database)).toEqual(journal.entries.map((e) => e.when))
})

test('a database without the newest migration gets it from the migrator', async () => {
  database = await createTestDatabase()
  const newest = journal.entries.at(-1)!.when
  // As if the newest migration had never run: its row gone, so the one-query check says no and
  // drizzle's migrator runs it. Proof it ran: it is recorded again, or, when its SQL cannot run
  // twice (a CREATE TABLE over its own table), the migrator refused it.
  await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`)
  const outcome = await migrateAndSetup(database).then(
    () => 'ran',
    () => 'refused',
  )
  if (outcome === 'ran') {
    const again = await database.db.execute(
      sql`select 1 from drizzle.__drizzle_migrations where created_at = ${newest}`,
    )
    expect((again as unknown as { rows: unknown[] }).rows).toHaveLength(1)
  }
})
