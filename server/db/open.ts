import path from 'node:path'
import type { Config } from '#server/config.ts'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { lockDataDir } from '#server/db/lock.ts'

export interface OpenedDatabase {
  database: Database
  /** Gives the data folder's lock back (PGlite); nothing to do on PostgreSQL. */
  release: () => void
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in the data folder, which it locks first. */
export async function openDatabase(config: Config): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    return { database: await openPostgres(config.databaseUrl, config.databasePoolSize), release: () => {} }
  }
  const release = lockDataDir(config.dataDir)
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pglite')), release }
  } catch (error) {
    release()
    throw error
  }
}
