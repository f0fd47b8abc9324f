import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { fromPglite, type Job, PgBoss } from 'pg-boss'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { PostValues } from '#common/contract/posts.ts'
import { loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { xPosts } from '#server/db/schema.ts'
import { postToXJob } from '#server/jobs/post-to-x.ts'
import { type RunningJobs, startJobs } from '#server/jobs/queue.ts'
import { createLogger } from '#server/logger.ts'
import type { DueJob, JobName } from '#server/services/job-queue.ts'
import { createPost, getPostById } from '#server/services/posts.ts'
import { schedulePost } from '#server/services/schedule.ts'
import { createXPost, getXPost } from '#server/services/x-posts.ts'
import { FAKE_X_CREDENTIALS, startFakeX } from '#tests/fixtures/fake-x.ts'
import { validPost } from '#tests/helpers/app.ts'
import { createTestDatabase, TEST_DATABASE_URL } from '#tests/helpers/db.ts'

// Issue 27 item 2: a process killed (kill -9) while it held a job leaves that job 'active' in
// pg-boss's table, where it would wait for its 15-minute expiry. At start, a queue that no other
// process can be sharing gives such jobs back at once; while another instance lives, it leaves them
// to that instance (their heartbeat says when it died), so a job never runs twice at once.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
const logger = createLogger('silent')
let database: Database
let jobs: RunningJobs | undefined
let other: PgBoss | undefined

beforeEach(async () => {
  database = await createTestDatabase()
})

afterEach(async () => {
  await jobs?.stop()
  jobs = undefined
  await other?.stop({ graceful: false, close: true }).catch(() => {})
  other = undefined
  await database.close()
})

/** A pg-boss of "another process" on the same database, that takes jobs without the app's workers. */
async function otherProcess(applicationName: string) {
  const boss = TEST_DATABASE_URL
    ? new PgBoss({
        connectionString: (database as Database & { pool: { options: { connectionString: string } } }).pool.options
          .connectionString,
        application_name: applicationName,
        max: 1,
        schedule: false,
        supervise: false,
      })
    : new PgBoss({
        db: fromPglite((database as Database & { client: Parameters<typeof fromPglite>[0] }).client),
        backend: 'pglite',
        schedule: false,
        supervise: false,
      })
  boss.on('error', () => {})
  await boss.start()
  return boss
}

/** A draft scheduled (through a queue that only adds jobs) to go live in `ms`. */
async function draftDueIn(ms: number) {
  const adding = startJobs(database, config, logger, { work: false })
  const { post } = await createPost(database.db, validPost({ slug: `orphan-${ms}`, isPublished: false }) as PostValues)
  const publishAt = new Date(Date.now() + ms)
  await schedulePost(database.db, adding, post.id, { publishAt, unpublishAt: null })
  await adding.stop()
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() - Date.now() + 50)))
  return post.id
}

async function jobStates() {
  const result = (await database.db.execute(
    sql`select state from pgboss.job where name = 'publish-post' order by created_on`,
  )) as unknown as { rows: { state: string }[] }
  return result.rows.map((r) => r.state)
}

/** The job's state once its worker has settled it (it completes just after the post changes). */
async function settledState() {
  const deadline = Date.now() + 5_000
  for (;;) {
    const states = await jobStates()
    if (!states.includes('active') || Date.now() > deadline) return states
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function publishedWithin(id: number, ms: number) {
  const deadline = Date.now() + ms
  for (;;) {
    if ((await getPostById(database.db, id))?.isPublished) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('a job left active by a process that died runs again at the next start, at once', async () => {
  const id = await draftDueIn(300)
  // The other process takes the due job, then dies before finishing it (its connections close).
  other = await otherProcess('videoquest-jobs dead')
  const [taken] = await other.fetch('publish-post')
  expect(taken).toBeDefined()
  await other.stop({ graceful: false, close: true })
  other = undefined
  expect(await jobStates()).toEqual(['active'])

  const started = Date.now()
  jobs = startJobs(database, config, logger)
  await jobs.ready()
  expect(await publishedWithin(id, 10_000)).toBe(true)
  // Not after its expiry or a retry's back-off: within a poll or two of the start.
  expect(Date.now() - started).toBeLessThan(3_000)
  expect(await settledState()).toEqual(['completed'])
})

describe.skipIf(!TEST_DATABASE_URL)('several instances on PostgreSQL', () => {
  test('a job held by another live instance is left to it', async () => {
    const id = await draftDueIn(300)
    other = await otherProcess('videoquest-jobs alive')
    const [taken] = await other.fetch('publish-post')
    expect(taken).toBeDefined()

    jobs = startJobs(database, config, logger)
    await jobs.ready()
    expect(await publishedWithin(id, 2_000)).toBe(false)
    expect(await jobStates()).toEqual(['active'])
    // Its holder finishes it.
    await other.complete('publish-post', taken?.id as string)
    expect(await jobStates()).toEqual(['completed'])
  })

  test('a job held by an instance that dies while this one runs is taken over once its heartbeat stops', async () => {
    const id = await draftDueIn(300)
    other = await otherProcess('videoquest-jobs alive')
    expect(await other.fetch('publish-post')).toHaveLength(1)
    jobs = startJobs(database, config, logger)
    await jobs.ready()
    // Killed: it refreshes nothing any more, and its connections are gone.
    await other.stop({ graceful: false, close: true })
    other = undefined
    const died = Date.now()
    // 10 s without a heartbeat, the next supervisor pass (every 10 s), then the retry's back-off
    // (5–10 s): well within a minute, not the 15-minute expiry.
    expect(await publishedWithin(id, 45_000)).toBe(true)
    expect(Date.now() - died).toBeGreaterThan(9_000)
    expect(await settledState()).toEqual(['completed'])
  }, 60_000)
})

test('a scheduled X post whose claim a killed process held is looked at again when the claim lapses', async () => {
  // Given back at once, its job finds the claim of the run that was calling X when it died. It
  // cannot know whether that call reached X, so it waits for the claim to lapse (as 'Post to X'
  // does), instead of finishing with the X post 'scheduled' for ever.
  const fakeX = await startFakeX()
  try {
    const db = database.db
    const { post } = await createPost(db, validPost({ slug: 'orphan-x', isPublished: true }) as PostValues)
    const xPost = await createXPost(db, {
      blogPostId: post.id,
      customContent: 'Claimed',
      publicUrl: 'http://site.test',
    })
    if (!xPost) throw new Error('no X post')
    const at = new Date(Date.now() - 1_000)
    const claimedAt = new Date()
    await db
      .update(xPosts)
      .set({ status: 'scheduled', scheduledAt: at, postingAt: claimedAt })
      .where(eq(xPosts.id, xPost.id))
    const added: { name: JobName; job: DueJob; startAfter: Date }[] = []
    const context = {
      database,
      config: { ...config, x: { ...config.x, baseUrl: fakeX.url, credentials: FAKE_X_CREDENTIALS } },
      logger,
      secretKey: () => randomBytes(32),
      queue: {
        ready: async () => {},
        enqueue: async (_tx: unknown, name: JobName, job: DueJob, startAfter: Date) => {
          added.push({ name, job, startAfter })
        },
      },
    }
    const definition = postToXJob(context.config)
    const job = { id: 'given-back', data: { id: xPost.id, at: at.toISOString() }, retryCount: 0 } as Job<DueJob>

    await definition.run(job, context)
    expect(fakeX.received).toHaveLength(0)
    expect(added).toEqual([{ name: 'post-to-x', job: job.data, startAfter: expect.any(Date) }])
    // Two minutes (the claim's life) and a second after the claim.
    expect(added[0]?.startAfter.getTime()).toBe(claimedAt.getTime() + 121_000)

    // By then the claim has lapsed: the X post goes out.
    await db
      .update(xPosts)
      .set({ postingAt: new Date(Date.now() - 121_000) })
      .where(eq(xPosts.id, xPost.id))
    await definition.run(job, context)
    expect(fakeX.received).toHaveLength(1)
    expect((await getXPost(db, xPost.id))?.status).toBe('published')
  } finally {
    await fakeX.close()
  }
})
