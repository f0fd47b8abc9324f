// One migrated PGlite database per test run, made by the global setup of Vitest and of Playwright:
// a new database otherwise runs initdb and every migration (~3 s a server, ~1.7 s in memory).
// - `createTestDatabase` starts its in-memory database from the template's dump (~0.4 s).
// - `startTestServer` copies the template folder into a new data folder before the server starts.
// `npm start`'s own test (tests/integration/npm-start.test.ts) still starts on an empty folder.
// docs/decisions/070
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPglite } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'

/** The template's dump (PGlite's `dumpDataDir`), for in-memory databases. */
export const TEMPLATE_DUMP = 'VQ_TEST_PGLITE_DUMP'
/** The template's data folder, for servers started on a new data folder. */
export const TEMPLATE_FOLDER = 'VQ_TEST_PGLITE_FOLDER'

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

/** Gives a new data folder (PGlite's, `<dataDir>/pglite`, not there yet) the template's database. */
export function seedDataFolder(dataDir: string) {
  const folder = process.env[TEMPLATE_FOLDER]
  const target = path.join(dataDir, 'pglite')
  if (!folder || existsSync(target)) return
  mkdirSync(dataDir, { recursive: true })
  cpSync(folder, target, { recursive: true })
}

/** Vitest's global setup; the PostgreSQL pass makes a database of its own per file instead. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return
  return await makePgliteTemplate()
}
