import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from '#server/db/schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Answers true while the database answers a trivial query. */
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

const casing = 'snake_case' as const

/** PGlite in memory (tests) or in a folder (the embedded default). The folder must be locked by the caller. */
export async function openPglite(dataDir?: string): Promise<Database & { client: PGlite }> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create()
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
