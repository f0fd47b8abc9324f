// Vitest's global setup: one migrated PGlite database, dumped to a file that every test file's
// `createTestDatabase` starts from. A new in-memory PGlite runs initdb (~1.5 s of CPU) and the
// migrations (~0.2 s); starting from the dump takes ~0.4 s. docs/decisions/070
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPglite } from '#server/db/client.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'

/** Where the workers find the dump: set here, in the main process, before any worker starts. */
export const TEMPLATE_ENV = 'VQ_TEST_PGLITE_TEMPLATE'

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return
  const database = await openPglite()
  await migrateAndSetup(database)
  const dump = await database.client.dumpDataDir('none')
  await database.close()
  const file = path.join(tmpdir(), `vq-pglite-template-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  process.env[TEMPLATE_ENV] = file
  return async () => {
    await rm(file, { force: true })
  }
}
