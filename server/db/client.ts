import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import * as schema from '#server/db/schema.ts'
import { projectRoot } from '#server/paths.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Answers true while the database answers a trivial query. */
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

const casing = 'snake_case' as const

const run = promisify(execFile)

/**
 * A folder without a database gets one from initdb in a child process (server/db/pglite-init.ts):
 * initdb runs a second PostgreSQL in WASM whose memory would otherwise stay in this process.
 */
async function initPgliteDir(dataDir: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return
  await run(process.execPath, [path.join(projectRoot, 'server/db/pglite-init.ts'), dataDir], {
    cwd: projectRoot,
  })
}

/**
 * PGlite in memory (tests) or in a folder (the embedded default), with a small shared-buffer pool
 * (server/db/pglite-options.ts). The folder must be locked by the caller.
 */
export async function openPglite(
  dataDir?: string,
  /** The tarball of a data folder (PGlite's `dumpDataDir`) that an in-memory database starts from. */
  loadDataDir?: Blob,
): Promise<Database & { client: PGlite }> {
  // Each backend's modules load when it opens: one process never needs the other's (docs/decisions/042).
  const [{ PGlite }, { PGLITE_OPTIONS }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('#server/db/pglite-options.ts'),
    import('drizzle-orm/pglite'),
    dataDir ? initPgliteDir(dataDir) : undefined,
  ])
  const client = dataDir
    ? await PGlite.create(dataDir, PGLITE_OPTIONS)
    : await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir })
  const db = drizzlePglite({ client, schema, casing }) as unknown as Db
  return {
    db,
    client,
    kind: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1')
        return !client.closed
      } catch {
        return false
      }
    },
    close: async () => {
      if (!client.closed) await client.close()
    },
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database & { pool: pg.Pool }> {
  const [{ default: Pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  const pool = new Pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema, casing }) as unknown as Db
  let closed = false
  return {
    db,
    pool,
    kind: 'postgres',
    ping: async () => {
      if (closed) return false
      try {
        await pool.query('select 1')
        return true
      } catch {
        return false
      }
    },
    close: async () => {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
