import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { PGLITE_OPTIONS } from '#server/db/pglite-options.ts'
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
export async function openPglite(dataDir?: string): Promise<Database & { client: PGlite }> {
  if (dataDir) await initPgliteDir(dataDir)
  const client = dataDir ? await PGlite.create(dataDir, PGLITE_OPTIONS) : await PGlite.create(PGLITE_OPTIONS)
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
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 })
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
