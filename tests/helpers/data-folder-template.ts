// Where the run's migrated PGlite template is (made by tests/helpers/pglite-template.ts), and the
// copy a test server's new data folder starts from. Kept apart from the template's maker so that a
// helper importing it does not import the database client: vitest.pg.config.ts picks the files
// that reach a database by that import. docs/decisions/070
import { cpSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'

/** The template's dump (PGlite's `dumpDataDir`), for in-memory databases. */
export const TEMPLATE_DUMP = 'VQ_TEST_PGLITE_DUMP'
/** The template's data folder, for servers started on a new data folder. */
export const TEMPLATE_FOLDER = 'VQ_TEST_PGLITE_FOLDER'

/** Gives a new data folder (PGlite's, `<dataDir>/pglite`, not there yet) the template's database. */
export function seedDataFolder(dataDir: string) {
  const folder = process.env[TEMPLATE_FOLDER]
  const target = path.join(dataDir, 'pglite')
  if (!folder || existsSync(target)) return
  mkdirSync(dataDir, { recursive: true })
  cpSync(folder, target, { recursive: true })
}
