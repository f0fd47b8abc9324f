import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { JobName } from '#server/services/job-queue.ts'

/**
 * Polls until `check` answers a value (not undefined), or fails after `ms`: a test waits on the
 * state it expects, never a fixed time, so a slow machine only makes it slower, not red.
 */
export async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * Polls every `every` ms until `check` passes or `ms` elapse; answers whether it passed, for a test
 * that then reports what it saw (`until` throws instead).
 */
export async function within(ms: number, check: () => Promise<boolean>, every = 100) {
  const deadline = Date.now() + ms
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, every))
  }
}

/** The states of the queue's `name` jobs for row `id` (for the moment `at` only, when given), oldest first. */
export async function jobStates(db: Db, name: JobName, id: number, at?: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select state from pgboss.job
    where name = ${name} and (data->>'id')::integer = ${id}
      ${at === undefined ? sql`` : sql`and data->>'at' = ${at}`}
    order by created_on, id`)) as unknown as { rows: { state: string }[] }
  return result.rows.map((r) => r.state)
}

/**
 * Waits until the queue has run a `name` job for row `id` (for the moment `at`, when given) to its
 * end: the signal that its moment came and went, whatever the job did then. Before it, "nothing
 * happened" proves nothing; after it, it does.
 */
export function untilJobRan(db: Db, name: JobName, id: number, { at, ms }: { at?: string; ms?: number } = {}) {
  return until(
    `a ${name} job for ${id}${at ? ` at ${at}` : ''} to run`,
    async () => ((await jobStates(db, name, id, at)).some((s) => s === 'completed') ? true : undefined),
    ms,
  )
}
