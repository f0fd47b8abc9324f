import { randomBytes } from 'node:crypto'
import { createScratchDatabase, dropScratchDatabase } from '#tests/helpers/db.ts'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

export interface TwoInstances {
  a: TestServer
  b: TestServer
  /** The scratch database both use, for a test that looks at it (or its job queue) directly. */
  databaseUrl: string
  /** Its name on the server. */
  databaseName: string
  /** Stops both and drops their database. */
  stop: () => Promise<void>
}

/**
 * Two server processes on one new PostgreSQL database (of the TEST_DATABASE_URL server), as in
 * production behind a load balancer. Both boot at once: migrations and first-run setup must not
 * trip over each other. `env` comes on top of the database, a quiet log and a small pool.
 */
export async function startTwoInstances(prefix: string, env: Record<string, string> = {}): Promise<TwoInstances> {
  await ensureSiteBuilt()
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const databaseUrl = await createScratchDatabase(name)
  const all = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '5', ...env }
  const started = await Promise.allSettled([startTestServer({ env: all }), startTestServer({ env: all })])
  const [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined))
  if (!a || !b) {
    // One did not start: nothing of this pair is left behind.
    await Promise.all([a?.stop(), b?.stop()])
    await dropScratchDatabase(name)
    throw started.find((s) => s.status === 'rejected')?.reason
  }
  return {
    a,
    b,
    databaseUrl,
    databaseName: name,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()])
      await dropScratchDatabase(name)
    },
  }
}
