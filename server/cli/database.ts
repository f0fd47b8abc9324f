// What every command line tool (`npm run admin`, `import`, `export`) does around its work: read
// the configuration, open the site's database (the data folder locked, as the server does) and
// bring an older one up to date, then close it whatever happens.
import { type Config, ConfigError, loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { DataDirLockedError } from '#server/db/lock.ts'
import { migrateAndSetup } from '#server/db/migrate.ts'
import { openDatabase } from '#server/db/open.ts'

/**
 * Runs `work` on the configured database and returns its exit code. A configuration the server
 * would refuse exits 2, a data folder a running server holds exits 1, each with its message.
 */
export async function withCliDatabase(work: (database: Database, config: Config) => Promise<number>): Promise<number> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    return 2
  }
  let opened: Awaited<ReturnType<typeof openDatabase>>
  try {
    opened = await openDatabase(config)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\nStop the server first, or run this against PostgreSQL.\n`)
      return 1
    }
    throw error
  }
  const { database, release } = opened
  try {
    await migrateAndSetup(database)
    return await work(database, config)
  } finally {
    await database.close()
    release()
  }
}
