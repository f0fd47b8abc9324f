import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Post } from '#common/contract/posts.ts'
import type { CalendarItem } from '#common/contract/schedule.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import { loadConfig } from '#server/config.ts'
import { xPosts } from '#server/db/schema.ts'
import { FAKE_X_CREDENTIALS } from '#tests/fixtures/fake-x.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 27 item 9: an X post never goes out before its article (the job waits for it), so the
// schedule says so: an X post cannot be set before its article, it can be set right after it, and
// a post that moves takes its X posts along or keeps them, as the writer chooses. The queue only
// adds jobs here (nothing runs), so every moment can be days ahead and nothing depends on timing.
let t: TestApp
let cookie: string
let slugs = 0
const base = loadConfig({ NODE_ENV: 'test' })

beforeAll(async () => {
  t = await createTestApp(
    // Credentials so scheduling is offered; nothing is sent, as no job runs.
    { x: { ...base.x, baseUrl: 'http://127.0.0.1:9', credentials: FAKE_X_CREDENTIALS } },
    undefined,
    { jobs: 'add' },
  )
  cookie = await t.adminCookie()
})
afterAll(async () => {
  await t.close()
})

async function call(method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, json(method, body, cookie))
  return { status: res.status, body: (await res.json()) as any }
}

/** A moment `days` days and `hours` hours from now, on a whole minute (ISO, UTC). */
function ahead(days: number, hours = 0): string {
  const at = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000)
  at.setUTCSeconds(0, 0)
  return at.toISOString()
}
const plusHours = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString()
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** A draft, scheduled at `publishAt` unless null, with `n` X posts (drafts). */
async function article(publishAt: string | null, n = 1): Promise<{ post: Post; xs: XPost[] }> {
  const made = await call('POST', '/api/blog', validPost({ slug: `x-timing-${++slugs}`, isPublished: false }))
  expect(made.status).toBe(201)
  const post: Post = made.body.post
  if (publishAt) expect((await call('POST', `/api/blog/${post.id}/schedule`, { publishAt })).status).toBe(200)
  const xs: XPost[] = []
  for (let i = 0; i < n; i++) {
    const x = await call('POST', `/api/blog/${post.id}/publish-x`, {})
    expect(x.status).toBe(201)
    xs.push(x.body)
  }
  return { post, xs }
}

const xPostsOf = async (postId: number): Promise<XPost[]> =>
  (await call('GET', `/api/blog/${postId}/x-posts`)).body.xPosts
const xPostOf = async (postId: number, id: number) => (await xPostsOf(postId)).find((x) => x.id === id) as XPost
const getPost = async (id: number): Promise<Post> => (await call('GET', `/api/blog/id/${id}`)).body

/** The post-to-x jobs added for X post `id`, as the moments they carry. */
async function xJobs(id: number): Promise<string[]> {
  const result = (await t.database.db.execute(
    sql`select data from pgboss.job where name = 'post-to-x' and (data->>'id')::integer = ${id}`,
  )) as unknown as { rows: { data: { at: string } }[] }
  return result.rows.map((r) => r.data.at).sort()
}

/** An X post scheduled before its article, as rows made before issue 27 may be (no check then). */
async function scheduledBefore(id: number, at: string) {
  await t.database.db
    .update(xPosts)
    .set({ status: 'scheduled', scheduledAt: new Date(at) })
    .where(eq(xPosts.id, id))
}

async function calendar(from: string, to: string): Promise<CalendarItem[]> {
  const { status, body } = await call('GET', `/api/calendar?from=${from}&to=${to}`)
  expect(status).toBe(200)
  return body.items
}

describe('scheduling an X post against its article', () => {
  test('before its article goes live → 409 naming the article’s moment; nothing changes', async () => {
    const publishAt = ahead(3)
    const { post, xs } = await article(publishAt)
    const x = xs[0] as XPost
    const { status, body } = await call('POST', `/api/x-posts/${x.id}/schedule`, { at: plusHours(publishAt, -20) })
    expect(status).toBe(409)
    expect(body).toMatchObject({ success: false, fields: {}, articleAt: publishAt })
    expect(body.error).toBe(
      `Its article goes live at ${utc(publishAt)}, and an X post never goes out before its article: pick that time or later, or schedule it right after the article.`,
    )
    expect(await xPostOf(post.id, x.id)).toEqual(x)
    expect(await xJobs(x.id)).toEqual([])
  })

  test('while its article is a draft without a publish time → 409 saying so', async () => {
    const { post, xs } = await article(null)
    const x = xs[0] as XPost
    for (const input of [{ at: ahead(2) }, { afterArticle: true }]) {
      const { status, body } = await call('POST', `/api/x-posts/${x.id}/schedule`, input)
      expect(status).toBe(409)
      expect(body).toMatchObject({ success: false, articleAt: null })
      expect(body.error).toMatch(/^Its article is a draft without a publish time/)
    }
    expect(await xPostOf(post.id, x.id)).toEqual(x)
  })

  test('at the article’s moment, after it, or afterArticle: true (= the article’s moment) is accepted', async () => {
    const publishAt = ahead(4)
    const { post, xs } = await article(publishAt, 3)
    const [same, later, after] = xs as [XPost, XPost, XPost]
    expect((await call('POST', `/api/x-posts/${same.id}/schedule`, { at: publishAt })).status).toBe(200)
    expect((await call('POST', `/api/x-posts/${later.id}/schedule`, { at: plusHours(publishAt, 3) })).status).toBe(200)
    const right = await call('POST', `/api/x-posts/${after.id}/schedule`, { afterArticle: true, linkInReply: true })
    expect(right.status).toBe(200)
    expect(right.body.xPost).toMatchObject({ status: 'scheduled', scheduledAt: publishAt, linkInReply: true })
    expect(await xJobs(after.id)).toEqual([publishAt])
    expect((await xPostOf(post.id, later.id)).scheduledAt).toBe(plusHours(publishAt, 3))
  })

  test('afterArticle when the article is already live → 409; at with afterArticle, or neither → 400', async () => {
    const made = await call('POST', '/api/blog', validPost({ slug: `x-timing-${++slugs}`, isPublished: true }))
    const x = (await call('POST', `/api/blog/${made.body.post.id}/publish-x`, {})).body as XPost
    const live = await call('POST', `/api/x-posts/${x.id}/schedule`, { afterArticle: true })
    expect(live.status).toBe(409)
    expect(live.body.error).toBe('Its article is already live: pick a time for the X post.')
    const both = await call('POST', `/api/x-posts/${x.id}/schedule`, { at: ahead(1), afterArticle: true })
    expect(both.status).toBe(400)
    expect(both.body.fields).toEqual({ afterArticle: 'Send either at or afterArticle, not both' })
    const neither = await call('POST', `/api/x-posts/${x.id}/schedule`, {})
    expect(neither.status).toBe(400)
    expect(neither.body.fields).toEqual({ at: 'Must be a date and time, or send afterArticle: true' })
    // An X post of a live article still takes any future time, as before.
    expect((await call('POST', `/api/x-posts/${x.id}/schedule`, { at: ahead(1) })).status).toBe(200)
  })
})

describe('moving a post with scheduled X posts', () => {
  test('by default its X posts move by as much as the post, each with a job at its new moment', async () => {
    const publishAt = ahead(5)
    const { post, xs } = await article(publishAt, 3)
    const [first, second, unscheduled] = xs as [XPost, XPost, XPost]
    await call('POST', `/api/x-posts/${first.id}/schedule`, { afterArticle: true })
    await call('POST', `/api/x-posts/${second.id}/schedule`, { at: plusHours(publishAt, 4) })

    const moved = plusHours(publishAt, 2 * 24 + 1)
    const { status, body } = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: moved })
    expect(status).toBe(200)
    expect(body.message).toBe('Post scheduled. Its 2 social posts moved with it.')
    expect(body.post.scheduledAt).toBe(moved)
    expect(body.movedXPosts.map((x: XPost) => [x.id, x.scheduledAt])).toEqual([
      [first.id, moved],
      [second.id, plusHours(moved, 4)],
    ])
    expect((await xPostOf(post.id, first.id)).scheduledAt).toBe(moved)
    expect((await xPostOf(post.id, second.id)).scheduledAt).toBe(plusHours(moved, 4))
    expect(await xPostOf(post.id, unscheduled.id)).toEqual(unscheduled)
    expect(await xJobs(first.id)).toEqual([publishAt, moved])
    expect(await xJobs(second.id)).toEqual([plusHours(publishAt, 4), plusHours(moved, 4)])

    // Earlier works the same way; 'move' said out loud is the default.
    const earlier = plusHours(publishAt, -24)
    const back = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: earlier, xPosts: 'move' })
    expect(back.status).toBe(200)
    expect((await xPostOf(post.id, second.id)).scheduledAt).toBe(plusHours(earlier, 4))
  })

  test("'keep' leaves X posts that still come after the post, and refuses (409) one that would not", async () => {
    const publishAt = ahead(6)
    const { post, xs } = await article(publishAt, 2)
    const [soon, late] = xs as [XPost, XPost]
    await call('POST', `/api/x-posts/${soon.id}/schedule`, { at: plusHours(publishAt, 1) })
    await call('POST', `/api/x-posts/${late.id}/schedule`, { at: plusHours(publishAt, 48) })

    // Earlier: both still come after it.
    const earlier = plusHours(publishAt, -24)
    const kept = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: earlier, xPosts: 'keep' })
    expect(kept.status).toBe(200)
    expect(kept.body).toMatchObject({ message: 'Post scheduled.', movedXPosts: [] })
    expect((await xPostOf(post.id, soon.id)).scheduledAt).toBe(plusHours(publishAt, 1))

    // A day later than at first: the first X post would go out before it.
    const later = plusHours(publishAt, 24)
    const refused = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: later, xPosts: 'keep' })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ success: false, xPostsBefore: [soon.id] })
    expect(refused.body.error).toBe(
      'One of its scheduled social posts would then go out before the post, and a social post never goes out before its article: move it with the post, or give that one a later time first.',
    )
    expect((await getPost(post.id)).scheduledAt).toBe(earlier)
    expect((await xPostOf(post.id, soon.id)).scheduledAt).toBe(plusHours(publishAt, 1))

    expect((await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: later, xPosts: 'nope' })).status).toBe(400)
  })

  test('an X post that already waited for its article (older data) goes right after it when the post moves', async () => {
    const publishAt = ahead(7)
    const { post, xs } = await article(publishAt)
    const x = xs[0] as XPost
    await scheduledBefore(x.id, plusHours(publishAt, -30))
    const moved = plusHours(publishAt, 24)
    const refused = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: moved, xPosts: 'keep' })
    expect(refused.status).toBe(409)
    const { body } = await call('POST', `/api/blog/${post.id}/schedule`, { publishAt: moved })
    expect(body.movedXPosts.map((m: XPost) => m.scheduledAt)).toEqual([moved])
    expect(await xJobs(x.id)).toEqual([moved])
  })
})

describe('the calendar shows when an X post really goes out', () => {
  test('an X post set before its article is on the article’s day and time, and says it waits for it', async () => {
    const publishAt = '2027-09-08T07:00:00.000Z'
    const { post, xs } = await article(publishAt, 2)
    const [early, own] = xs as [XPost, XPost]
    // Set the day before the article (older data), as the issue found it; and one after it.
    await scheduledBefore(early.id, '2027-09-07T11:00:00.000Z')
    await call('POST', `/api/x-posts/${own.id}/schedule`, { at: '2027-09-08T09:30:00.000Z' })

    expect(await calendar('2027-09-07', '2027-09-08')).toEqual([])
    const items = await calendar('2027-09-08', '2027-09-09')
    expect(items.map((i) => [i.type, i.id, i.at, i.waitsFor, i.scheduledXPosts])).toEqual([
      ['post', post.id, publishAt, null, 2],
      ['x-post', early.id, publishAt, 'article', 0],
      ['x-post', own.id, '2027-09-08T09:30:00.000Z', null, 0],
    ])
    // The X panel's own list keeps the time that was set; the screens put the two together.
    expect((await xPostOf(post.id, early.id)).scheduledAt).toBe('2027-09-07T11:00:00.000Z')
  })

  test('an X post whose article has no publish time is at its own time, waiting for the article', async () => {
    const { xs } = await article(null)
    const x = xs[0] as XPost
    await scheduledBefore(x.id, '2027-10-05T10:00:00.000Z')
    const items = await calendar('2027-10-05', '2027-10-06')
    expect(items.map((i) => [i.id, i.at, i.waitsFor])).toEqual([
      [x.id, '2027-10-05T10:00:00.000Z', 'unscheduled-article'],
    ])
  })
})
