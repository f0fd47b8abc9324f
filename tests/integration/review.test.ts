import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ActivityKind } from '#common/contract/activity.ts'
import type { Post } from '#common/contract/posts.ts'
import type { ReviewCount, ReviewList } from '#common/contract/review.ts'
import type { Role } from '#common/roles.ts'
import { activityLog, users } from '#server/db/schema.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 28, the review queue: a Contributor submits a draft, an Editor sends it back with a note or
// approves it (publishes or schedules it, which takes it out of the queue); every step is in the
// activity log, and a step that does not fit the post's state is refused and changes nothing.
const PASSWORD = 'a long enough passphrase'

let t: TestApp
const cookies = new Map<string, string>()
let seq = 0

beforeAll(async () => {
  t = await createTestApp({}, undefined, { jobs: 'add' })
  const people: [string, Role][] = [
    ['owner', 'owner'],
    ['editor', 'editor'],
    ['writer', 'contributor'],
    ['other', 'contributor'],
    ['author', 'author'],
  ]
  for (const [name, role] of people) {
    const user = await createUser(t.database.db, name, PASSWORD, role)
    if (!user) throw new Error('user exists')
    await t.database.db
      .update(users)
      .set({ name: `${name[0]?.toUpperCase()}${name.slice(1)} Person` })
      .where(eq(users.id, user.id))
    cookies.set(name, `vq_session=${await createSession(t.database.db, user.id)}`)
  }
})
afterAll(() => t?.close())

const call = (who: string, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, cookies.get(who)))

async function draft(who = 'writer', overrides: Record<string, unknown> = {}) {
  const res = await call(
    who,
    'POST',
    '/api/blog',
    validPost({ slug: `review-${++seq}`, isPublished: false, ...overrides }),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: Post }).post
}

const read = async (id: number) => (await (await call('editor', 'GET', `/api/blog/id/${id}`)).json()) as Post
const queue = async () => ((await (await call('editor', 'GET', '/api/admin/review')).json()) as ReviewList).posts
const count = async () => ((await (await call('editor', 'GET', '/api/admin/review/count')).json()) as ReviewCount).count
const kindsOf = async (id: number) =>
  (
    await t.database.db
      .select({ kind: activityLog.kind, detail: activityLog.detail, userId: activityLog.userId })
      .from(activityLog)
      .where(eq(activityLog.objectId, id))
      .orderBy(activityLog.id)
  ).filter((r) => r.kind.startsWith('post.review') || r.kind === 'post.schedule' || r.kind === 'post.publish')

async function expectRefused(res: Response, status: number, error: RegExp, id: number, before: Post) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { success: boolean; error: string }
  expect(body.success).toBe(false)
  expect(body.error).toMatch(error)
  expect(await read(id)).toEqual(before)
}

/** `who`'s `method path` (with `body`) on post `id`: refused with `status` and `error`, the post left as it was. */
async function expectCallRefused(
  [who, method, path, body]: [who: string, method: string, path: string, body?: unknown],
  status: number,
  error: RegExp,
  id: number,
) {
  const before = await read(id)
  await expectRefused(await call(who, method, path, body), status, error, id, before)
}

describe('the review flow', () => {
  test('submit → changes requested with a note → resubmit → the editor schedules it: the queue and the log follow', async () => {
    const post = await draft()
    expect(post.reviewState).toBeNull()
    const before = await count()

    const submitted = await call('writer', 'POST', `/api/blog/${post.id}/review`)
    expect(submitted.status).toBe(200)
    const inReview = ((await submitted.json()) as { post: Post }).post
    expect(inReview.reviewState).toBe('in_review')
    expect(inReview.reviewRequestedAt).not.toBeNull()
    expect(await count()).toBe(before + 1)
    const listed = (await queue()).find((p) => p.id === post.id)
    expect(listed).toMatchObject({ title: post.title, authors: ['Writer Person'], submittedBy: 'Writer Person' })
    expect(listed?.submittedAt).toBe(inReview.reviewRequestedAt)

    const note = 'Please add a source for the completion rate.'
    const changes = await call('editor', 'POST', `/api/blog/${post.id}/review/changes`, { note: `  ${note} ` })
    expect(changes.status).toBe(200)
    // The writer reads the note with the post (the edit screen's answer).
    const sentBack = (await (await call('writer', 'GET', `/api/blog/id/${post.id}`)).json()) as Post
    expect(sentBack).toMatchObject({ reviewState: 'changes_requested', reviewNote: note })
    expect((await queue()).some((p) => p.id === post.id)).toBe(false)
    expect(await count()).toBe(before)

    // The writer fixes it and submits again: the note is done with.
    const fixed = await call('writer', 'PUT', `/api/blog/${post.id}`, { content: 'Now with a source: our study.' })
    expect(fixed.status).toBe(200)
    const again = await call('writer', 'POST', `/api/blog/${post.id}/review`)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { post: Post }).post).toMatchObject({ reviewState: 'in_review', reviewNote: null })

    // Approving is scheduling it: out of the queue.
    const publishAt = new Date(Date.now() + 2 * 86_400_000).toISOString()
    const scheduled = await call('editor', 'POST', `/api/blog/${post.id}/schedule`, { publishAt })
    expect(scheduled.status).toBe(200)
    expect(await read(post.id)).toMatchObject({
      scheduledAt: publishAt,
      reviewState: null,
      reviewNote: null,
      reviewRequestedAt: null,
      reviewRequestedBy: null,
    })
    expect((await queue()).some((p) => p.id === post.id)).toBe(false)

    const log = await kindsOf(post.id)
    expect(log.map((r) => r.kind)).toEqual<ActivityKind[]>([
      'post.review-submit',
      'post.review-changes',
      'post.review-submit',
      'post.schedule',
    ])
    expect(log[1]?.detail).toBe(note)
  })

  test('publishing now approves it too; the queue is oldest first with every author', async () => {
    const first = await draft()
    const second = await draft('author')
    // Both names in the byline: the writer's draft gets a second author.
    await t.database.db.execute(
      sql`insert into post_authors (post_id, user_id, position) select ${first.id}, id, 1 from users where username = 'other'`,
    )
    expect((await call('author', 'POST', `/api/blog/${second.id}/review`)).status).toBe(200)
    expect((await call('writer', 'POST', `/api/blog/${first.id}/review`)).status).toBe(200)
    const ids = (await queue()).map((p) => p.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    expect((await queue()).find((p) => p.id === first.id)?.authors).toEqual(['Writer Person', 'Other Person'])

    expect((await call('editor', 'POST', `/api/blog/${first.id}/publish`)).status).toBe(200)
    expect(await read(first.id)).toMatchObject({ isPublished: true, reviewState: null })
    expect((await queue()).map((p) => p.id)).not.toContain(first.id)
  })

  test('the writer withdraws a submitted draft', async () => {
    const post = await draft()
    await call('writer', 'POST', `/api/blog/${post.id}/review`)
    const res = await call('writer', 'DELETE', `/api/blog/${post.id}/review`)
    expect(res.status).toBe(200)
    expect(await read(post.id)).toMatchObject({ reviewState: null, reviewRequestedAt: null })
    expect((await kindsOf(post.id)).map((r) => r.kind)).toEqual(['post.review-submit', 'post.review-withdraw'])
  })
})

describe('refusals change nothing', () => {
  test('a published or scheduled post, or one already waiting, cannot be submitted (409)', async () => {
    const live = await draft('editor', { isPublished: true })
    await expectCallRefused(['editor', 'POST', `/api/blog/${live.id}/review`], 409, /already published/, live.id)
    const planned = await draft('editor')
    await call('editor', 'POST', `/api/blog/${planned.id}/schedule`, {
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    await expectCallRefused(['editor', 'POST', `/api/blog/${planned.id}/review`], 409, /already scheduled/, planned.id)
    const waiting = await draft()
    await call('writer', 'POST', `/api/blog/${waiting.id}/review`)
    await expectCallRefused(['writer', 'POST', `/api/blog/${waiting.id}/review`], 409, /already waiting/, waiting.id)
  })

  test('changes need a note, a post in review, and an Editor', async () => {
    const post = await draft()
    await expectCallRefused(
      ['editor', 'POST', `/api/blog/${post.id}/review/changes`, { note: 'Fix it' }],
      409,
      /not waiting for review/,
      post.id,
    )
    await expectCallRefused(['editor', 'DELETE', `/api/blog/${post.id}/review`], 409, /not in review/, post.id)
    await call('writer', 'POST', `/api/blog/${post.id}/review`)
    const waiting = await read(post.id)
    for (const body of [{ note: '   ' }, {}, { note: 'x'.repeat(2001) }]) {
      const res = await call('editor', 'POST', `/api/blog/${post.id}/review/changes`, body)
      await expectRefused(res, 400, /./, post.id, waiting)
    }
    const refused = await call('writer', 'POST', `/api/blog/${post.id}/review/changes`, { note: 'Looks fine to me' })
    await expectRefused(refused, 403, /^Your role \(Contributor\) cannot edit, publish/, post.id, waiting)
    // Someone else's draft is not theirs to submit or withdraw.
    await expectRefused(await call('other', 'DELETE', `/api/blog/${post.id}/review`), 403, /cannot/, post.id, waiting)
    const theirs = await draft('other')
    await expectCallRefused(['writer', 'POST', `/api/blog/${theirs.id}/review`], 403, /cannot/, theirs.id)
    // Writers do not see the queue.
    expect((await call('writer', 'GET', '/api/admin/review')).status).toBe(403)
    expect((await call('author', 'GET', '/api/admin/review/count')).status).toBe(403)
  })

  test('an unknown post is 404, a malformed id 400', async () => {
    expect((await call('editor', 'POST', '/api/blog/999999/review')).status).toBe(404)
    expect((await call('editor', 'DELETE', '/api/blog/999999/review')).status).toBe(404)
    expect((await call('editor', 'POST', '/api/blog/999999/review/changes', { note: 'Fix' })).status).toBe(404)
    expect((await call('editor', 'POST', '/api/blog/abc/review')).status).toBe(400)
  })
})
