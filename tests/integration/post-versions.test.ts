import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { blogPosts, postRevisions, users } from '#server/db/schema.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 28 (docs/decisions/047-post-versions.md): every admin answer of a post carries `version`;
// a change based on an older one (body `version` or If-Match) is refused with 409 naming who
// changed it and when, and writes nothing. Two saves from one version: exactly one wins.

let t: TestApp
let ada: string
let ben: string
let adaId: number
let seq = 0

async function signIn(username: string, name: string) {
  const user = await createUser(t.database.db, username, 'a long enough passphrase', 'editor')
  if (!user) throw new Error('user exists')
  await t.database.db.update(users).set({ name }).where(eq(users.id, user.id))
  return { id: user.id, cookie: `vq_session=${await createSession(t.database.db, user.id)}` }
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { jobs: 'add' })
  await createUser(t.database.db, 'owner', 'a long enough passphrase')
  const a = await signIn('ada', 'Ada Lovelace')
  ada = a.cookie
  adaId = a.id
  ben = (await signIn('ben', 'Ben Okafor')).cookie
})
afterAll(() => t?.close())

async function call(cookie: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await t.app.request(path, json(method, body, cookie, headers))
  return { status: res.status, body: (await res.json()) as any }
}

async function newDraft() {
  const { status, body } = await call(ada, 'POST', '/api/blog', validPost({ slug: `v-${++seq}`, isPublished: false }))
  expect(status).toBe(201)
  return body.post as { id: number; version: number; title: string }
}

const stored = async (id: number) => (await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]
const revisionCount = async (id: number) =>
  (await t.database.db.select().from(postRevisions).where(eq(postRevisions.postId, id))).length

describe('the version in answers', () => {
  test('a new post is version 1 and every change makes it one newer, in every admin answer', async () => {
    const post = await newDraft()
    expect(post.version).toBe(1)
    const put = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'Second' })
    expect(put.body.post.version).toBe(2)
    const published = await call(ada, 'POST', `/api/blog/${post.id}/publish`)
    expect(published.body.post.version).toBe(3)
    const detail = await call(ada, 'GET', `/api/blog/id/${post.id}`)
    expect(detail.body.version).toBe(3)
    const list = await call(ada, 'GET', '/api/blog')
    expect(list.body.find((p: { id: number }) => p.id === post.id).version).toBe(3)
    expect(detail.body.updatedBy).toBe(adaId)
  })
})

describe('saving from an older version', () => {
  test('two sessions save from the same version at once: one 200, one 409 naming the winner; both revisions kept', async () => {
    const post = await newDraft()
    const before = await revisionCount(post.id)
    const [a, b] = await Promise.all([
      call(ada, 'PUT', `/api/blog/${post.id}`, { content: 'Ada wrote this.', version: post.version }),
      call(ben, 'PUT', `/api/blog/${post.id}`, { content: 'Ben wrote this.', version: post.version }),
    ])
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([200, 409])
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a]
    const winnerName = a.status === 200 ? 'Ada Lovelace' : 'Ben Okafor'
    expect(loser.body).toMatchObject({
      success: false,
      conflict: { version: 2, updatedAt: winner.body.post.updatedAt, by: { name: winnerName } },
    })
    expect(loser.body.error).toContain(winnerName)
    const row = await stored(post.id)
    expect(row?.content).toBe(winner.body.post.content)
    expect(row?.version).toBe(2)
    // The winner's change is a revision; the loser's text is still in their form, not lost.
    expect(await revisionCount(post.id)).toBe(before + 1)
  })

  test('the loser saves again with the version the 409 named, and wins', async () => {
    const post = await newDraft()
    await call(ben, 'PUT', `/api/blog/${post.id}`, { title: 'Ben first', version: 1 })
    const stale = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'Ada second', version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.conflict.by.name).toBe('Ben Okafor')
    const again = await call(ada, 'PUT', `/api/blog/${post.id}`, {
      title: 'Ada second',
      version: stale.body.conflict.version,
    })
    expect(again.status).toBe(200)
    expect(again.body.post).toMatchObject({ title: 'Ada second', version: 3 })
  })

  test('If-Match carries the version as well as the body does', async () => {
    const post = await newDraft()
    const ok = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'Via header' }, { 'If-Match': '"1"' })
    expect(ok.status).toBe(200)
    const stale = await call(ben, 'PUT', `/api/blog/${post.id}`, { title: 'Late' }, { 'If-Match': '"1"' })
    expect(stale.status).toBe(409)
    expect(stale.body.conflict).toMatchObject({ version: 2, by: { id: adaId, name: 'Ada Lovelace' } })
    expect((await stored(post.id))?.title).toBe('Via header')
  })

  test('a malformed If-Match, or one that differs from the body, is a 400 and changes nothing', async () => {
    const post = await newDraft()
    const bad = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'X' }, { 'If-Match': 'yesterday' })
    expect(bad.status).toBe(400)
    const differ = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'X', version: 1 }, { 'If-Match': '2' })
    expect(differ.status).toBe(400)
    const zero = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'X', version: 0 })
    expect([zero.status, zero.body.fields.version]).toEqual([400, 'Must be at least 1'])
    const onlyVersion = await call(ada, 'PUT', `/api/blog/${post.id}`, { version: 1 })
    expect(onlyVersion.status).toBe(400)
    expect(await stored(post.id)).toMatchObject({ title: post.title, version: 1 })
  })

  test('publishing from a stale version is refused and the post stays a draft', async () => {
    const post = await newDraft()
    await call(ben, 'PUT', `/api/blog/${post.id}`, { excerpt: 'Changed by Ben' })
    const stale = await call(ada, 'POST', `/api/blog/${post.id}/publish`, { version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.conflict.by.name).toBe('Ben Okafor')
    expect(await stored(post.id)).toMatchObject({ isPublished: false, version: 2 })
    const header = await call(ada, 'POST', `/api/blog/${post.id}/publish`, undefined, { 'If-Match': '1' })
    expect(header.status).toBe(409)
    const fresh = await call(ada, 'POST', `/api/blog/${post.id}/publish`, { version: 2 })
    expect([fresh.status, fresh.body.post.isPublished]).toEqual([200, true])
    const down = await call(ada, 'POST', `/api/blog/${post.id}/unpublish`, { version: 2 })
    expect(down.status).toBe(409)
    expect((await stored(post.id))?.isPublished).toBe(true)
  })

  test('scheduling and restoring from a stale version are refused too', async () => {
    const post = await newDraft()
    const [revision] = await t.database.db.select().from(postRevisions).where(eq(postRevisions.postId, post.id))
    await call(ben, 'PUT', `/api/blog/${post.id}`, { title: 'Ben again' })
    const publishAt = new Date(Date.now() + 86_400_000).toISOString()
    const schedule = await call(ada, 'POST', `/api/blog/${post.id}/schedule`, { publishAt, version: 1 })
    expect(schedule.status).toBe(409)
    expect((await stored(post.id))?.scheduledAt).toBeNull()
    const restore = await call(ada, 'POST', `/api/blog/${post.id}/revisions/${revision?.id}/restore`, { version: 1 })
    expect(restore.status).toBe(409)
    expect((await stored(post.id))?.title).toBe('Ben again')
    const scheduled = await call(ada, 'POST', `/api/blog/${post.id}/schedule`, { publishAt, version: 2 })
    expect([scheduled.status, scheduled.body.post.version]).toEqual([200, 3])
    const cancel = await call(ben, 'DELETE', `/api/blog/${post.id}/schedule`, undefined, { 'If-Match': '2' })
    expect(cancel.status).toBe(409)
    expect(cancel.body.conflict.by.name).toBe('Ada Lovelace')
  })

  test('a save without a version is not checked, as before (SPEC clients send none)', async () => {
    const post = await newDraft()
    await call(ben, 'PUT', `/api/blog/${post.id}`, { title: 'Ben' })
    const res = await call(ada, 'PUT', `/api/blog/${post.id}`, { title: 'Ada' })
    expect([res.status, res.body.post.version]).toEqual([200, 3])
  })

  test('a stale version of a post that does not exist is a 404', async () => {
    const res = await call(ada, 'PUT', '/api/blog/999999', { title: 'Nobody', version: 1 })
    expect(res.status).toBe(404)
  })
})
