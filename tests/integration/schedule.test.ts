import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Post } from '#common/contract/posts.ts'
import type { CalendarItem } from '#common/contract/schedule.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import { loadConfig } from '#server/config.ts'
import { xPosts } from '#server/db/schema.ts'
import { PageCache } from '#server/http/page-cache.ts'
import { FAKE_X_CREDENTIALS, type FakeX, startFakeX } from '#tests/fixtures/fake-x.ts'
import { createTestApp, json, postTitlePages, type TestApp, validPost } from '#tests/helpers/app.ts'
import { until, untilJobRan } from '#tests/helpers/wait.ts'

// Issue 14: posts and X posts go live on schedule, through the job queue the server runs.
let t: TestApp
let cookie: string
let fakeX: FakeX
let slugs = 0
const base = loadConfig({ NODE_ENV: 'test' })

const cache = new PageCache({ ttlMs: 600_000, maxBytes: 1024 * 1024 })

beforeAll(async () => {
  fakeX = await startFakeX()
  t = await createTestApp(
    {
      jobPollSeconds: 0.5,
      x: { ...base.x, baseUrl: fakeX.url, credentials: FAKE_X_CREDENTIALS, retryDelaySeconds: 1 },
    },
    undefined,
    { jobs: 'work', pages: postTitlePages, pageCache: cache },
  )
  cookie = await t.adminCookie()
})
afterAll(async () => {
  await t.close()
  await fakeX.close()
})

async function call(method: string, path: string, body?: unknown, signedIn = true) {
  const res = await t.app.request(path, json(method, body, signedIn ? cookie : undefined))
  return { status: res.status, body: (await res.json()) as any }
}

async function newPost(overrides: Record<string, unknown> = {}): Promise<Post> {
  const { status, body } = await call('POST', '/api/blog', validPost({ slug: `sched-${++slugs}`, ...overrides }))
  expect(status).toBe(201)
  return body.post
}
const getPost = async (id: number): Promise<Post> => (await call('GET', `/api/blog/id/${id}`)).body
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()

/** The queue has run the job of this moment: whatever it was to do is done (or found undue). */
const jobRan = (name: 'publish-post' | 'post-to-x', id: number, at?: string) =>
  untilJobRan(t.database.db, name, id, { at })
const publishedPost = (id: number) =>
  until(`post ${id} published`, async () => {
    const post = await getPost(id)
    return post.isPublished ? post : undefined
  })

describe('scheduling a post', () => {
  test('a draft stays a draft until its moment, then goes live with publishedAt = the scheduled moment', async () => {
    const post = await newPost({ isPublished: false })
    // The public page is cached as "not found" before the moment.
    expect((await t.app.request(`/blog/${post.slug}`)).status).toBe(404)
    const publishAt = inMs(1_500)
    const { status, body } = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt })
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, message: 'Post scheduled.' })
    expect(body.post).toMatchObject({ id: post.id, isPublished: false, scheduledAt: publishAt, unpublishAt: null })
    expect((await call('GET', `/api/blog/${post.slug}`, undefined, false)).status).toBe(404)
    expect((await call('GET', '/api/blog')).body.find((p: Post) => p.id === post.id).scheduledAt).toBe(publishAt)

    const live = await publishedPost(post.id)
    expect(live.publishedAt).toBe(publishAt)
    expect(live.scheduledAt).toBeNull()
    // Anonymous readers see it, and the cached page was emptied.
    expect((await call('GET', `/api/blog/${post.slug}`, undefined, false)).status).toBe(200)
    const page = await t.app.request(`/blog/${post.slug}`)
    expect(page.status).toBe(200)
    const revisions = (await call('GET', `/api/blog/${post.id}/revisions`)).body.revisions
    expect(revisions[0]).toMatchObject({ reason: 'schedule', user: null })
  })

  test('with unpublishAt it goes live, then back to draft at that moment', async () => {
    const post = await newPost({ isPublished: false })
    const publishAt = inMs(1_000)
    const unpublishAt = inMs(2_500)
    const { status, body } = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt, unpublishAt })
    expect(status).toBe(200)
    expect(body.post.unpublishAt).toBe(unpublishAt)
    await publishedPost(post.id)
    const back = await until('unpublished', async () => {
      const p = await getPost(post.id)
      return p.isPublished ? undefined : p
    })
    expect(back.unpublishAt).toBeNull()
    expect((await call('GET', `/api/blog/${post.slug}`, undefined, false)).status).toBe(404)
  })

  test('a time with another offset is the same moment, kept in UTC', async () => {
    const post = await newPost({ isPublished: false })
    const { body } = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: '2027-03-01T09:00:00+01:00' })
    expect(body.post.scheduledAt).toBe('2027-03-01T08:00:00.000Z')
    await call('DELETE', `/api/blog/${post.id}/schedule`)
  })

  test('scheduling again moves it; the first moment then does nothing', async () => {
    const post = await newPost({ isPublished: false })
    const first = inMs(800)
    await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: first })
    const later = inMs(2_500)
    expect((await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: later })).status).toBe(200)
    await jobRan('publish-post', post.id, first)
    expect((await getPost(post.id)).isPublished).toBe(false)
    expect((await publishedPost(post.id)).publishedAt).toBe(later)
  })

  test('a move that leaves out unpublishAt keeps it; one past it is refused; null clears it', async () => {
    const post = await newPost({ isPublished: false })
    const first = { publishAt: '2027-05-01T09:00:00.000Z', unpublishAt: '2027-05-10T09:00:00.000Z' }
    await call('POST', `/api/blog/${post.id}/schedule`, first)
    const moved = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: '2027-05-03T09:00:00.000Z' })
    expect(moved.body.post).toMatchObject({ scheduledAt: '2027-05-03T09:00:00.000Z', unpublishAt: first.unpublishAt })
    const past = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: '2027-05-11T09:00:00.000Z' })
    expect(past.status).toBe(400)
    expect(past.body.fields).toEqual({ unpublishAt: 'Must be after the publish time' })
    expect(await getPost(post.id)).toMatchObject({
      scheduledAt: '2027-05-03T09:00:00.000Z',
      unpublishAt: first.unpublishAt,
    })
    const cleared = await call('POST', `/api/blog/${post.id}/schedule`, {
      publishAt: '2027-05-11T09:00:00.000Z',
      unpublishAt: null,
    })
    expect(cleared.body.post).toMatchObject({ scheduledAt: '2027-05-11T09:00:00.000Z', unpublishAt: null })
    await call('DELETE', `/api/blog/${post.id}/schedule`)
  })

  test('cancelling keeps it a draft past its moment', async () => {
    const post = await newPost({ isPublished: false })
    await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: inMs(800) })
    const { status, body } = await call('DELETE', `/api/blog/${post.id}/schedule`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, message: 'Schedule cancelled.' })
    expect(body.post).toMatchObject({ scheduledAt: null, unpublishAt: null, isPublished: false })
    await jobRan('publish-post', post.id)
    expect((await getPost(post.id)).isPublished).toBe(false)
  })

  test('publishing by hand cancels the schedule: the post keeps its own publication time', async () => {
    const post = await newPost({ isPublished: false })
    await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: inMs(1_000) })
    const { body } = await call('PUT', `/api/blog/${post.id}`, { isPublished: true })
    const byHand = body.post.publishedAt
    expect(body.post.scheduledAt).toBeNull()
    await jobRan('publish-post', post.id)
    const after = await getPost(post.id)
    expect(after.publishedAt).toBe(byHand)
    const reasons = (await call('GET', `/api/blog/${post.id}/revisions`)).body.revisions.map((r: any) => r.reason)
    expect(reasons).not.toContain('schedule')
  })

  test('deleting a scheduled post leaves its job nothing to do', async () => {
    const post = await newPost({ isPublished: false })
    await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: inMs(600) })
    expect((await call('DELETE', `/api/blog/${post.id}`)).status).toBe(200)
    await jobRan('publish-post', post.id)
    expect((await call('GET', `/api/blog/id/${post.id}`)).status).toBe(404)
  })
})

describe('bad schedules change nothing', () => {
  test.each([
    ['in the past', { publishAt: '2020-01-01T00:00:00Z' }, { publishAt: 'Must be in the future' }],
    ['over two years ahead', { publishAt: '2099-01-01T00:00:00Z' }, { publishAt: 'Must be within two years from now' }],
    ['without an offset', { publishAt: '2027-01-01T09:00:00' }, { publishAt: expect.stringContaining('ISO 8601') }],
    ['not a date', { publishAt: 'next tuesday' }, { publishAt: expect.stringContaining('ISO 8601') }],
    ['missing', {}, { publishAt: expect.any(String) }],
    [
      'unpublishing before publishing',
      { publishAt: '2027-01-02T09:00:00Z', unpublishAt: '2027-01-01T09:00:00Z' },
      { unpublishAt: 'Must be after the publish time' },
    ],
  ])('%s → 400', async (_name, input, fields) => {
    const post = await newPost({ isPublished: false })
    const before = await getPost(post.id)
    const { status, body } = await call('POST', `/api/blog/${post.id}/schedule`, input)
    expect(status).toBe(400)
    expect(body.fields).toEqual(fields)
    expect(await getPost(post.id)).toEqual(before)
  })

  test('unknown post 404, bad id 400, signed out 401, published 409', async () => {
    const publishAt = inMs(60_000)
    expect((await call('POST', '/api/blog/999999/schedule', { publishAt })).status).toBe(404)
    expect((await call('DELETE', '/api/blog/999999/schedule')).status).toBe(404)
    expect((await call('POST', '/api/blog/abc/schedule', { publishAt })).status).toBe(400)
    const draft = await newPost({ isPublished: false })
    expect((await call('POST', `/api/blog/${draft.id}/schedule`, { publishAt }, false)).status).toBe(401)
    expect((await call('DELETE', `/api/blog/${draft.id}/schedule`, undefined, false)).status).toBe(401)
    expect((await getPost(draft.id)).scheduledAt).toBeNull()
    const live = await newPost({ isPublished: true })
    const { status, body } = await call('POST', `/api/blog/${live.id}/schedule`, { publishAt })
    expect(status).toBe(409)
    expect(body.error).toMatch(/already published/)
    expect((await getPost(live.id)).scheduledAt).toBeNull()
  })
})

async function newXPost(postId: number): Promise<XPost> {
  const { status, body } = await call('POST', `/api/blog/${postId}/publish-x`, {})
  expect(status).toBe(201)
  return body
}
const xPostsOf = async (postId: number): Promise<XPost[]> =>
  (await call('GET', `/api/blog/${postId}/x-posts`)).body.xPosts
const xPostSettled = (postId: number, id: number) =>
  until(`X post ${id} settled`, async () => {
    const x = (await xPostsOf(postId)).find((p) => p.id === id)
    return x && x.status !== 'scheduled' ? x : undefined
  })

describe('scheduling an X post', () => {
  test('it is posted to X at its moment, once, and reads published with the tweet', async () => {
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    const at = inMs(1_000)
    const { status, body } = await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at })
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, message: 'X post scheduled.' })
    expect(body.xPost).toMatchObject({ status: 'scheduled', scheduledAt: at, tweetId: null })
    const before = fakeX.received.length
    const done = await xPostSettled(post.id, xPost.id)
    expect(done).toMatchObject({ status: 'published', errorMessage: null })
    expect(done.tweetUrl).toBe(`https://x.com/i/status/${done.tweetId}`)
    expect(Date.parse(done.postedAt as string)).toBeGreaterThanOrEqual(Date.parse(at))
    const sent = fakeX.received.slice(before)
    expect(sent.map((r) => r.text)).toEqual([`${xPost.rewrittenContent} ${xPost.shortUrl}`])
  })

  test("'Share a thread' posts the text alone, then the link as a reply to it", async () => {
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    const before = fakeX.received.length
    await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at: inMs(800), linkInReply: true })
    const done = await xPostSettled(post.id, xPost.id)
    expect(done).toMatchObject({ status: 'published', linkInReply: true })
    const [first, reply] = fakeX.received.slice(before)
    expect(first).toMatchObject({ text: xPost.rewrittenContent, id: done.tweetId })
    expect(first?.replyTo).toBeUndefined()
    expect(reply).toMatchObject({ text: xPost.shortUrl, replyTo: done.tweetId, id: done.replyTweetId })
  })

  test("'Post to X' now takes the thread option too", async () => {
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    const before = fakeX.received.length
    const { status, body } = await call('POST', `/api/x-posts/${xPost.id}/post-to-x`, { linkInReply: true })
    expect(status).toBe(200)
    expect(body.xPost.replyTweetId).toEqual(expect.any(String))
    expect(fakeX.received.slice(before).map((r) => r.text)).toEqual([xPost.rewrittenContent, xPost.shortUrl])
    expect((await call('POST', `/api/x-posts/${xPost.id}/post-to-x`, { linkInReply: 'yes' })).status).toBe(400)
  })

  test('it waits for its blog post to go live, and never links to a draft', async () => {
    const post = await newPost({ isPublished: false })
    const xPost = await newXPost(post.id)
    const before = fakeX.received.length
    const postAt = inMs(2_500)
    await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: postAt })
    // Due before its post, as rows made before issue 27 may be (the API now refuses that): its job
    // finds the post a draft and waits for it.
    const early = new Date(Date.now() + 700)
    await t.database.db.update(xPosts).set({ status: 'scheduled', scheduledAt: early }).where(eq(xPosts.id, xPost.id))
    await t.database.db.transaction((tx) =>
      t.services.jobs.enqueue(tx, 'post-to-x', { id: xPost.id, at: early.toISOString() }, early),
    )
    // Its job ran at its moment, found the post a draft and left a new job for the post's moment.
    await jobRan('post-to-x', xPost.id)
    expect(fakeX.received.length).toBe(before)
    expect((await xPostsOf(post.id))[0]?.status).toBe('scheduled')
    const done = await xPostSettled(post.id, xPost.id)
    expect(done.status).toBe('published')
    expect(Date.parse(done.postedAt as string)).toBeGreaterThanOrEqual(Date.parse(postAt))
    expect(fakeX.received.length).toBe(before + 1)
  })

  test('X refusing it three times, with back-off, leaves it failed with X’s answer', async () => {
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    fakeX.setMode('duplicate')
    try {
      const before = fakeX.received.length
      await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at: inMs(500) })
      const done = await until(
        'three tries',
        async () => {
          const x = (await xPostsOf(post.id)).find((p) => p.id === xPost.id)
          return x?.status === 'failed' ? x : undefined
        },
        20_000,
      )
      expect(done.errorMessage).toMatch(/^X API answered 403: You are not allowed to create a Tweet with duplicate/)
      expect(done.tweetId).toBeNull()
      expect(fakeX.received.length - before).toBe(3)
    } finally {
      fakeX.setMode('success')
    }
  }, 30_000)

  test('cancelling puts it back to draft and nothing is posted', async () => {
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    const before = fakeX.received.length
    await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at: inMs(700) })
    const { status, body } = await call('DELETE', `/api/x-posts/${xPost.id}/schedule`)
    expect(status).toBe(200)
    expect(body.xPost).toMatchObject({ status: 'draft', scheduledAt: null })
    await jobRan('post-to-x', xPost.id)
    expect(fakeX.received.length).toBe(before)
  })

  test('bad input 400, unknown 404, signed out 401, already on X 409; nothing changes', async () => {
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    for (const bad of [{ at: '2020-01-01T00:00:00Z' }, { at: 'soon' }, {}, { at: inMs(60_000), linkInReply: 'x' }]) {
      expect((await call('POST', `/api/x-posts/${xPost.id}/schedule`, bad)).status).toBe(400)
    }
    expect((await call('POST', '/api/x-posts/999999/schedule', { at: inMs(60_000) })).status).toBe(404)
    expect((await call('DELETE', '/api/x-posts/999999/schedule')).status).toBe(404)
    expect((await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at: inMs(60_000) }, false)).status).toBe(401)
    expect((await xPostsOf(post.id))[0]).toEqual(xPost)
    await call('POST', `/api/x-posts/${xPost.id}/post-to-x`)
    const { status, body } = await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at: inMs(60_000) })
    expect(status).toBe(409)
    expect(body.error).toBe('This X post is already on X.')
  })

  test('without X credentials scheduling answers 503 with the setup hint', async () => {
    const bare = await createTestApp({}, t.database)
    const post = await newPost({ isPublished: true })
    const xPost = await newXPost(post.id)
    const res = await bare.app.request(`/api/x-posts/${xPost.id}/schedule`, json('POST', { at: inMs(60_000) }, cookie))
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: string }).error).toMatch(/set X_API_KEY/)
    expect((await xPostsOf(post.id))[0]?.status).toBe('draft')
  })
})

describe('GET /api/calendar', () => {
  test('lists scheduled, published and failed items in the range, ordered by time', async () => {
    const post = await newPost({ isPublished: false, title: 'Calendar piece' })
    const xPost = await newXPost(post.id)
    await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: '2027-06-02T09:00:00Z' })
    await call('POST', `/api/x-posts/${xPost.id}/schedule`, { at: '2027-06-02T09:05:00Z' })
    const { status, body } = await call('GET', '/api/calendar?from=2027-06-01&to=2027-06-08')
    expect(status).toBe(200)
    const items: CalendarItem[] = body.items
    expect(items).toEqual([
      {
        type: 'post',
        id: post.id,
        postId: post.id,
        title: 'Calendar piece',
        text: null,
        at: '2027-06-02T09:00:00.000Z',
        status: 'scheduled',
        error: null,
        waitsFor: null,
        scheduledXPosts: 1,
        channel: null,
      },
      {
        type: 'x-post',
        id: xPost.id,
        postId: post.id,
        title: 'Calendar piece',
        text: xPost.rewrittenContent,
        at: '2027-06-02T09:05:00.000Z',
        status: 'scheduled',
        error: null,
        waitsFor: null,
        scheduledXPosts: 0,
        channel: 'x',
      },
    ])
    expect((await call('GET', '/api/calendar?from=2027-06-03&to=2027-06-08')).body.items).toEqual([])
    // Published items of today (the earlier tests) are there at their publication time.
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const now = (await call('GET', `/api/calendar?from=${today}&to=${tomorrow}`)).body.items as CalendarItem[]
    expect(now.some((i) => i.type === 'post' && i.status === 'published')).toBe(true)
    expect(now.some((i) => i.type === 'x-post' && i.status === 'published')).toBe(true)
    expect(now.find((i) => i.status === 'failed')?.error).toMatch(/^X API answered 403/)
    expect(now.map((i) => i.at)).toEqual([...now.map((i) => i.at)].sort())
  })

  test.each([
    ['', 400],
    ['?from=2027-01-01', 400],
    ['?from=2027-01-08&to=2027-01-01', 400],
    ['?from=2027-01-01&to=2029-01-01', 400],
    ['?from=yesterday&to=2027-01-01', 400],
  ])('bad range %s → 400', async (query, expected) => {
    const { status, body } = await call('GET', `/api/calendar${query}`)
    expect(status).toBe(expected)
    expect(body.error).toEqual(expect.any(String))
  })

  test('signed out → 401', async () => {
    expect((await call('GET', '/api/calendar?from=2027-01-01&to=2027-01-08', undefined, false)).status).toBe(401)
  })
})
