// One migrated PGlite database per test run, made by the global setup of Vitest and of Playwright:
// a new database otherwise runs initdb and every migration (~3 s a server, ~1.7 s in memory).
// - `createTestDatabase` starts its in-memory database from the template's dump (~0.4 s).
// - `startTestServer` copies the template folder into a new data folder before the server starts.
// `npm start`'s own test (tests/integration/npm-start.test.ts) still starts on an empty folder.
// docs/decisions/070
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPglite } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'
import { TEMPLATE_DUMP, TEMPLATE_FOLDER } from '#tests/helpers/data-folder-template.ts'

/** Makes the template and says where it is through the environment the test workers inherit. */
export async function makePgliteTemplate(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vq-pglite-template-'))
  const folder = path.join(dir, 'pglite')
  const database = await openPglite(folder)
  await migrateAndSetup(database)
  const dump = await database.client.dumpDataDir('none')
  await database.close()
  const file = path.join(dir, 'dump.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  process.env[TEMPLATE_DUMP] = file
  process.env[TEMPLATE_FOLDER] = folder
  return () => rmSync(dir, { recursive: true, force: true })
}

/** Vitest's global setup; the PostgreSQL pass makes a database of its own per file instead. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return
  return await makePgliteTemplate()
}
