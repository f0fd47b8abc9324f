import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PostValues } from '#common/contract/posts.ts'
import type { Database } from '#server/db/client.ts'
import { onContentChange } from '#server/services/content-events.ts'
import type { DueJob, JobName, JobQueue } from '#server/services/job-queue.ts'
import { createPost, getPostById, setPublished } from '#server/services/posts.ts'
import { getRevision, listRevisions } from '#server/services/revisions.ts'
import { publishScheduledPost, schedulePost, unpublishScheduledPost } from '#server/services/schedule.ts'
import { validPost } from '#tests/helpers/app.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'

// Issue 27 item 1: after downtime both jobs of a post are overdue and run in either order (or
// together, or again after a retry). Whatever the order, the post ends as its schedule says for
// now: a post whose unpublish moment has passed is not public, with one revision per change.
// The jobs are run here by hand, as the queue would run them late.
let database: Database
let slugs = 0

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

/** A queue that only keeps the jobs it is given, so the test runs them in the order it wants. */
function recordingQueue() {
  const jobs: { name: JobName; job: DueJob }[] = []
  const queue: JobQueue = {
    ready: async () => {},
    enqueue: async (_tx, name, job) => {
      jobs.push({ name, job })
    },
  }
  return { queue, jobs }
}

const HOUR = 3_600_000
const runners = { 'publish-post': publishScheduledPost, 'unpublish-post': unpublishScheduledPost }

/** A draft scheduled to go live in an hour and back to draft 8 s later, and its two jobs. */
async function scheduledDraft() {
  const db = database.db
  const { post } = await createPost(db, validPost({ slug: `catch-up-${++slugs}`, isPublished: false }) as PostValues)
  const publishAt = new Date(Date.now() + HOUR)
  const unpublishAt = new Date(publishAt.getTime() + 8_000)
  const { queue, jobs } = recordingQueue()
  await schedulePost(db, queue, post.id, { publishAt, unpublishAt })
  const job = (name: JobName) => {
    const found = jobs.find((j) => j.name === name)
    if (!found) throw new Error(`no ${name} job`)
    return (now: Date) => runners[name as keyof typeof runners](db, found.job, now)
  }
  return { id: post.id, publishAt, unpublishAt, publish: job('publish-post'), unpublish: job('unpublish-post') }
}

async function reasons(id: number) {
  return ((await listRevisions(database.db, id)) ?? []).map((r) => r.reason)
}

/** The post as the schedule says it must be once both moments have passed. */
async function expectBackToDraft(id: number, publishAt: Date) {
  const post = await getPostById(database.db, id)
  expect(post).toMatchObject({
    isPublished: false,
    publishedAt: publishAt.toISOString(),
    scheduledAt: null,
    unpublishAt: null,
  })
  // Newest first: it went live at its moment, then back to draft at the other.
  expect(await reasons(id)).toEqual(['unpublish', 'schedule', 'create'])
}

describe('both moments passed while nothing ran', () => {
  test('publish, then unpublish: the post ends a draft', async () => {
    const s = await scheduledDraft()
    const now = new Date(s.unpublishAt.getTime() + 5_000)
    expect(await s.publish(now)).toBe(true)
    // The publish job already saw the unpublish moment had passed.
    expect((await getPostById(database.db, s.id))?.isPublished).toBe(false)
    expect(await s.unpublish(now)).toBe(false)
    await expectBackToDraft(s.id, s.publishAt)
  })

  test('unpublish, then publish: the post ends a draft, not public for good', async () => {
    const s = await scheduledDraft()
    const now = new Date(s.unpublishAt.getTime() + 5_000)
    expect(await s.unpublish(now)).toBe(true)
    expect(await s.publish(now)).toBe(false)
    await expectBackToDraft(s.id, s.publishAt)
  })

  test('both at once, then each again (a retry): nothing is written twice', async () => {
    const s = await scheduledDraft()
    const now = new Date(s.unpublishAt.getTime() + 5_000)
    const results = await Promise.all([s.publish(now), s.unpublish(now)])
    // One of them did both changes; the other found nothing left to do.
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await s.unpublish(now)).toBe(false)
    expect(await s.publish(now)).toBe(false)
    await expectBackToDraft(s.id, s.publishAt)
  })
})

describe('only the publish moment passed', () => {
  test('the post goes live and keeps its unpublish moment for its own job', async () => {
    const s = await scheduledDraft()
    const between = new Date(s.publishAt.getTime() + 2_000)
    // The unpublish job run early (a clock ahead) changes nothing that is not due yet.
    expect(await s.publish(between)).toBe(true)
    expect(await getPostById(database.db, s.id)).toMatchObject({
      isPublished: true,
      publishedAt: s.publishAt.toISOString(),
      unpublishAt: s.unpublishAt.toISOString(),
    })
    expect(await s.publish(between)).toBe(false)
    expect(await reasons(s.id)).toEqual(['schedule', 'create'])
    expect(await s.unpublish(new Date(s.unpublishAt.getTime() + 1))).toBe(true)
    await expectBackToDraft(s.id, s.publishAt)
  })

  test("a job's own moment counts as due even when this clock is a little behind the queue's", async () => {
    const s = await scheduledDraft()
    expect(await s.publish(new Date(s.publishAt.getTime() - 50))).toBe(true)
    expect((await getPostById(database.db, s.id))?.isPublished).toBe(true)
    expect(await s.unpublish(new Date(s.unpublishAt.getTime() - 50))).toBe(true)
    await expectBackToDraft(s.id, s.publishAt)
  })
})

describe('the schedule saves through the posts service', () => {
  /** Each change announced to the page cache (and the other instances) while `run` runs. */
  async function announced(run: () => Promise<unknown>) {
    let count = 0
    const stop = onContentChange(database.db, () => {
      count++
    })
    try {
      await run()
    } finally {
      stop()
    }
    return count
  }

  test('a scheduled publish writes one revision and one announcement, as a publish by hand does', async () => {
    const s = await scheduledDraft()
    const byHand = await createPost(
      database.db,
      validPost({ slug: `catch-up-${++slugs}`, isPublished: false }) as PostValues,
    )
    expect(await announced(() => s.publish(new Date(s.publishAt.getTime() + 1)))).toBe(1)
    expect(await announced(() => setPublished(database.db, byHand.post.id, true))).toBe(1)
    for (const [id, reason] of [
      [s.id, 'schedule'],
      [byHand.post.id, 'publish'],
    ] as const) {
      const revisions = (await listRevisions(database.db, id)) ?? []
      expect(revisions.map((r) => r.reason)).toEqual([reason, 'create'])
      // The revision keeps the post as the change left it: live.
      const kept = await getRevision(database.db, id, revisions[0]!.id)
      expect(kept?.fields.isPublished).toBe(true)
    }
    // Nothing left due: a second run writes and announces nothing.
    expect(await announced(() => s.publish(new Date(s.publishAt.getTime() + 2)))).toBe(0)
    expect(await reasons(s.id)).toEqual(['schedule', 'create'])
  })

  test('a catch-up that publishes and unpublishes announces once, after its one transaction', async () => {
    const s = await scheduledDraft()
    expect(await announced(() => s.unpublish(new Date(s.unpublishAt.getTime() + 1)))).toBe(1)
    await expectBackToDraft(s.id, s.publishAt)
  })
})
