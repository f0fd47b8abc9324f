import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { type RunningJobs, startJobs } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'

// The server starts pg-boss only after its first answer (or a second after the listen), so a
// restart answers without waiting behind the queue's start (issue 13 §3, docs/decisions/039).
// Until then nothing may be lost or stuck: a request that schedules starts the queue itself, and a
// server stopped before the queue was needed stops at once without starting it.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
const logger = createLogger('silent')
let database: Database
let jobs: RunningJobs | undefined

beforeEach(async () => {
  database = await createTestDatabase()
})

afterEach(async () => {
  await jobs?.stop()
  jobs = undefined
  await database.close()
})

/** Whether pg-boss has created its tables in this (fresh) database, i.e. whether it started. */
async function queueStarted() {
  const result = (await database.db.execute(
    sql`select count(*)::integer as n from information_schema.tables where table_schema = 'pgboss'`,
  )) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]?.n) > 0
}

async function storedJobs() {
  const result = (await database.db.execute(
    sql`select name, data from pgboss.job where name = 'publish-post'`,
  )) as unknown as { rows: { name: string; data: { id: number } }[] }
  return result.rows
}

test('before the first answer the queue has not started; adding a job starts it and the job is kept', async () => {
  // No first answer and no timer: only the queue's own callers may start it.
  jobs = startJobs(database, config, logger, { work: false, deferred: true })
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(await queueStarted()).toBe(false)

  await jobs.ready()
  const at = new Date(Date.now() + 3_600_000)
  await database.db.transaction(async (tx) => {
    await jobs?.enqueue(tx, 'publish-post', { id: 42, at: at.toISOString() }, at)
  })
  expect(await queueStarted()).toBe(true)
  expect(await storedJobs()).toEqual([
    expect.objectContaining({ name: 'publish-post', data: expect.objectContaining({ id: 42 }) }),
  ])
})

test('the first answer starts the queue without any job being added', async () => {
  jobs = startJobs(database, config, logger, { work: false, deferred: true })
  expect(await queueStarted()).toBe(false)
  jobs.begin()
  await expect.poll(queueStarted, { timeout: 20_000, interval: 100 }).toBe(true)
})

test('stopped before it was needed: stops at once, never starts, and refuses new jobs clearly', async () => {
  const running = startJobs(database, config, logger, { work: false, deferred: true })
  await running.stop()
  expect(await queueStarted()).toBe(false)
  await expect(running.ready()).rejects.toThrow('stopped before it started')
})
