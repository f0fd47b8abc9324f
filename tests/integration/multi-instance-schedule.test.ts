import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Post } from '#common/contract/posts.ts'
import { tweetText, type XPost } from '#common/contract/x-posts.ts'
import { openPostgres } from '#server/db/client.ts'
import { type FakeX, fakeXEnv, startFakeX } from '#tests/fixtures/fake-x.ts'
import { TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { callApi, signIn } from '#tests/helpers/live-server.ts'
import type { TestServer } from '#tests/helpers/server-process.ts'
import { startTwoInstances, type TwoInstances } from '#tests/helpers/two-instances.ts'
import { until, within } from '#tests/helpers/wait.ts'

// Issue 14, "Done when": two server processes on one PostgreSQL database and one fake X. Every
// scheduled job is taken by exactly one of them, whichever polls first; the post's row decides
// what is still to do. Runs in the PostgreSQL suite (TEST_DATABASE_URL set; .ci/run sets it).
describe.skipIf(!TEST_DATABASE_URL)('scheduling on several instances of one PostgreSQL database', () => {
  let pair: TwoInstances | undefined
  let a: TestServer
  let b: TestServer
  let fakeX: FakeX
  let cookie: string
  let databaseUrl: string

  beforeAll(async () => {
    fakeX = await startFakeX()
    pair = await startTwoInstances('vq_multi_sched', {
      // A page cache that never expires by itself: only the change feed can refresh a page.
      PAGE_CACHE_TTL_MS: '600000',
      ...fakeXEnv(fakeX),
      X_RETRY_DELAY_SECONDS: '1',
      JOB_POLL_SECONDS: '0.5',
    })
    ;({ a, b, databaseUrl } = pair)
    // Sessions live in the database: the cookie made on A is good on B too.
    cookie = await signIn(a.url)
  }, 180_000)

  afterAll(async () => {
    await pair?.stop()
    await fakeX?.close()
  })

  /** An admin call on `server` with the shared session; answers the status and the JSON body. */
  const call = (server: TestServer, method: string, path: string, body?: unknown) =>
    callApi(server.url, cookie, method, path, body)

  async function createPost(isPublished: boolean, title: string): Promise<Post> {
    const { status, body } = await call(a, 'POST', '/api/blog', {
      title,
      slug: `scheduled-${randomBytes(4).toString('hex')}`,
      excerpt: 'A post of the multi-instance scheduling test.',
      content: '## Scheduled\n\nThis post goes live by itself.',
      category: 'technology',
      tags: ['schedule'],
      author: 'Priya Desai',
      isPublished,
    })
    expect(status).toBe(201)
    return body.post as Post
  }

  /** Polls until `check` passes or `ms` elapse; returns whether it passed. */
  test('20 X posts scheduled for one moment through both instances reach X exactly once each', async () => {
    const post = await createPost(true, 'Twenty X posts at once')
    const created: XPost[] = []
    for (let i = 0; i < 20; i++) {
      const { status, body } = await call(i % 2 ? b : a, 'POST', `/api/blog/${post.id}/publish-x`, {
        customContent: `Scheduled X post number ${i + 1} of 20`,
      })
      expect(status).toBe(201)
      created.push(body as XPost)
    }
    expect(new Set(created.map((x) => x.shortCode)).size).toBe(20)

    const at = new Date(Date.now() + 4_000).toISOString()
    const scheduled = await Promise.all(
      created.map((x, i) => call(i < 10 ? a : b, 'POST', `/api/x-posts/${x.id}/schedule`, { at })),
    )
    expect(Date.now()).toBeLessThan(Date.parse(at))
    for (const { status, body } of scheduled) {
      expect(status).toBe(200)
      expect(body.xPost).toMatchObject({ status: 'scheduled', scheduledAt: at })
    }
    expect(fakeX.received).toHaveLength(0)

    let xPosts: XPost[] = []
    const allPosted = await within(30_000, async () => {
      xPosts = (await call(a, 'GET', `/api/blog/${post.id}/x-posts`)).body.xPosts
      return xPosts.length === 20 && xPosts.every((x) => x.status === 'published')
    })
    expect(allPosted, JSON.stringify(xPosts.map((x) => [x.id, x.status, x.errorMessage]))).toBe(true)
    // A second taker of any job would still hold it: wait until the queue has every one of them
    // completed (a completed job is never taken again), then count what reached X.
    const queue = await openPostgres(databaseUrl, 1)
    try {
      await until('every post-to-x job completed', async () => {
        const { rows } = (await queue.db.execute(
          sql`select state from pgboss.job where name = 'post-to-x'`,
        )) as unknown as { rows: { state: string }[] }
        return rows.length >= 20 && rows.every((r) => r.state === 'completed') ? true : undefined
      })
    } finally {
      await queue.close()
    }

    expect(fakeX.rejected).toEqual([])
    expect(fakeX.received).toHaveLength(20)
    const texts = fakeX.received.map((t) => t.text)
    expect(texts.toSorted()).toEqual(xPosts.map((x) => tweetText(x)).toSorted())
    expect(new Set(texts).size).toBe(20)
    const givenIds = new Set(fakeX.received.map((t) => t.id))
    const tweetIds = xPosts.map((x) => x.tweetId)
    expect(new Set(tweetIds).size).toBe(20)
    for (const x of xPosts) {
      expect(givenIds.has(x.tweetId as string)).toBe(true)
      // The tweet the fake gave for exactly this X post's text.
      expect(fakeX.received.find((t) => t.text === tweetText(x))?.id).toBe(x.tweetId)
      expect(x.postedAt).not.toBeNull()
      expect(Date.parse(x.postedAt as string)).toBeGreaterThanOrEqual(Date.parse(at))
      expect(x.scheduledAt).toBe(at)
    }
  }, 60_000)

  test('a post scheduled on one instance goes live on both, and the cached list of the other is refreshed', async () => {
    const title = `Goes live by itself ${randomBytes(3).toString('hex')}`
    const draft = await createPost(false, title)
    const at = new Date(Date.now() + 3_000).toISOString()
    const scheduled = await call(a, 'POST', `/api/blog/${draft.id}/schedule`, { publishAt: at })
    expect(scheduled.status).toBe(200)
    expect(scheduled.body.post).toMatchObject({ isPublished: false, scheduledAt: at })

    // B's list page, stored before the due time: only the change feed can empty it (no TTL here).
    const list = () => fetch(`${b.url}/blog`)
    await list()
    const warm = await list()
    expect(warm.headers.get('x-cache')).toBe('HIT')
    expect(await warm.text()).not.toContain(title)
    expect((await fetch(`${b.url}/api/blog/${draft.slug}`)).status).toBe(404)
    expect(Date.now()).toBeLessThan(Date.parse(at))

    const live = async (server: TestServer) => {
      const api = await fetch(`${server.url}/api/blog/${draft.slug}`)
      if (api.status !== 200) return false
      const post = (await api.json()) as Post
      expect(post).toMatchObject({ isPublished: true, publishedAt: at, scheduledAt: null })
      return (await fetch(`${server.url}/blog/${draft.slug}`)).status === 200
    }
    const bothLive = await within(8_000, async () => (await live(a)) && (await live(b)))
    expect(bothLive).toBe(true)
    expect(await within(2_000, async () => (await (await list()).text()).includes(title))).toBe(true)
    expect(Date.now()).toBeLessThan(Date.parse(at) + 8_000)
  }, 60_000)
})
