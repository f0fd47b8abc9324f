import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { postRevisions } from '#server/db/schema.ts'
import { PageCache } from '#server/http/page-cache.ts'
import { REVISIONS_KEPT, updatePost } from '#server/services/posts.ts'
import { seedSamplePosts } from '#server/services/setup.ts'
import { createTestApp, json, postTitlePages, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 15 §1: every change of a post keeps a revision; an admin lists, reads and restores them.
let t: TestApp
let cookie: string
let slugs = 0

const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 })

beforeAll(async () => {
  t = await createTestApp({}, undefined, { pages: postTitlePages, pageCache: cache })
  cookie = await t.adminCookie()
})
afterAll(() => t.close())

/** `signedIn: false` sends no session cookie. */
async function call(method: string, path: string, body?: unknown, signedIn = true) {
  const res = await t.app.request(path, json(method, body, signedIn ? cookie : undefined))
  return { status: res.status, body: (await res.json()) as any }
}

async function newPost(overrides: Record<string, unknown> = {}) {
  const { status, body } = await call('POST', '/api/blog', validPost({ slug: `post-${++slugs}`, ...overrides }))
  expect(status).toBe(201)
  return body.post as { id: number; slug: string; title: string; isPublished: boolean }
}

const list = async (id: number) => (await call('GET', `/api/blog/${id}/revisions`)).body.revisions as any[]

describe('writing revisions', () => {
  test('create, update, publish and unpublish each write one revision with its reason and the admin', async () => {
    const post = await newPost({ isPublished: false, title: 'One' })
    expect((await call('PUT', `/api/blog/${post.id}`, { title: 'Two' })).status).toBe(200)
    expect((await call('POST', `/api/blog/${post.id}/publish`)).status).toBe(200)
    expect((await call('POST', `/api/blog/${post.id}/unpublish`)).status).toBe(200)
    const revisions = await list(post.id)
    expect(revisions.map((r) => [r.reason, r.title, r.user])).toEqual([
      ['unpublish', 'Two', 'editor'],
      ['publish', 'Two', 'editor'],
      ['update', 'Two', 'editor'],
      ['create', 'One', 'editor'],
    ])
    const published = (await call('GET', `/api/blog/${post.id}/revisions/${revisions[1].id}`)).body
    expect(published.fields.isPublished).toBe(true)
  })

  test('a list item has id, time, reason, title, words and user; newest first', async () => {
    const post = await newPost({ content: 'Three short words' })
    await call('PUT', `/api/blog/${post.id}`, { content: '## Heading\n\nNow five words here.' })
    const [newest, oldest] = await list(post.id)
    expect(Object.keys(newest).sort()).toEqual(['createdAt', 'id', 'reason', 'title', 'user', 'words'])
    expect(newest).toMatchObject({ reason: 'update', words: 6 })
    expect(oldest).toMatchObject({ reason: 'create', words: 3 })
    expect(newest.id).toBeGreaterThan(oldest.id)
    expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(oldest.createdAt))
  })

  test('the detail holds every editable field as the change left it', async () => {
    const post = await newPost({
      featuredImage: '/images/cover.png',
      images: ['/images/a.png'],
      imageAlts: { '/images/a.png': 'A chart' },
      focusKeyword: 'video quest',
    })
    const [created] = await list(post.id)
    const { status, body } = await call('GET', `/api/blog/${post.id}/revisions/${created.id}`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: created.id, reason: 'create', user: 'editor' })
    expect(body.fields).toEqual({
      title: 'Rewarded video in practice',
      slug: post.slug,
      excerpt: 'What a video quest does for completion rates.',
      content: '## Why it works\n\nViewers choose to watch.',
      featuredImage: '/images/cover.png',
      images: ['/images/a.png'],
      imageAlts: { '/images/a.png': 'A chart' },
      category: 'technology',
      tags: ['video', 'rewards'],
      author: 'Priya Desai',
      aiGenerated: false,
      sourceUrl: null,
      sourceTitle: null,
      focusKeyword: 'video quest',
      isPublished: true,
    })
  })

  test('a change without an admin (a job, the seed) is kept with no user', async () => {
    const post = await newPost()
    await updatePost(t.database.db, post.id, { title: 'By a job' })
    expect((await list(post.id))[0]).toMatchObject({ reason: 'update', title: 'By a job', user: null })

    await seedSamplePosts(t.database.db)
    const sample = (await call('GET', '/api/blog')).body.find(
      (p: any) => p.slug !== post.slug && !/^post-/.test(p.slug),
    )
    expect(await list(sample.id)).toEqual([expect.objectContaining({ reason: 'create', user: null })])
  })

  test('a rejected change writes no revision', async () => {
    const post = await newPost()
    const other = await newPost()
    expect((await call('PUT', `/api/blog/${post.id}`, { slug: other.slug })).status).toBe(409)
    expect((await call('PUT', `/api/blog/${post.id}`, { title: '' })).status).toBe(400)
    expect(await list(post.id)).toHaveLength(1)
  })

  test(`keeps the newest ${REVISIONS_KEPT} revisions of a post and leaves other posts' alone`, async () => {
    const post = await newPost()
    const other = await newPost()
    for (let i = 1; i <= REVISIONS_KEPT + 5; i++) await updatePost(t.database.db, post.id, { title: `Version ${i}` })
    const revisions = await list(post.id)
    expect(revisions).toHaveLength(REVISIONS_KEPT)
    expect(revisions[0].title).toBe(`Version ${REVISIONS_KEPT + 5}`)
    expect(revisions.at(-1).title).toBe('Version 6')
    expect(await list(other.id)).toHaveLength(1)
  })

  test('deleting a post deletes its revisions', async () => {
    const post = await newPost()
    expect((await call('DELETE', `/api/blog/${post.id}`)).status).toBe(200)
    const rows = await t.database.db.select().from(postRevisions).where(eq(postRevisions.postId, post.id))
    expect(rows).toEqual([])
  })
})

describe('restoring a revision', () => {
  test('brings the fields back, keeps the publish state, adds a restore revision and refreshes the public page', async () => {
    const post = await newPost({ title: 'First version', excerpt: 'First excerpt', tags: ['one'] })
    await call('PUT', `/api/blog/${post.id}`, {
      title: 'Second version',
      excerpt: 'Second excerpt',
      content: 'Changed text',
      tags: ['two'],
    })
    expect(await (await t.app.request(`/blog/${post.slug}`)).text()).toContain('Second version')
    expect(await (await t.app.request(`/blog/${post.slug}`)).text()).toContain('Second version') // cached now
    await call('POST', `/api/blog/${post.id}/unpublish`)
    await call('POST', `/api/blog/${post.id}/publish`)
    const first = (await list(post.id)).at(-1)

    const { status, body } = await call('POST', `/api/blog/${post.id}/revisions/${first.id}/restore`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, message: expect.any(String) })
    expect(body.post).toMatchObject({
      id: post.id,
      title: 'First version',
      excerpt: 'First excerpt',
      content: '## Why it works\n\nViewers choose to watch.',
      tags: ['one'],
      isPublished: true,
    })
    expect((await call('GET', `/api/blog/id/${post.id}`)).body.title).toBe('First version')
    expect((await list(post.id))[0]).toMatchObject({ reason: 'restore', title: 'First version', user: 'editor' })
    expect(await (await t.app.request(`/blog/${post.slug}`)).text()).toContain('First version')
  })

  test('restoring a published version into a draft leaves it a draft', async () => {
    const post = await newPost({ isPublished: true })
    await call('POST', `/api/blog/${post.id}/unpublish`)
    const created = (await list(post.id)).at(-1)
    const { body } = await call('POST', `/api/blog/${post.id}/revisions/${created.id}/restore`)
    expect(body.post.isPublished).toBe(false)
    expect((await t.app.request(`/blog/${post.slug}`)).status).toBe(404)
  })

  test('a slug now used by another post answers 409 and changes nothing', async () => {
    const post = await newPost({ slug: 'wanted-slug' })
    const first = (await list(post.id))[0]
    await call('PUT', `/api/blog/${post.id}`, { slug: 'moved-away', title: 'Moved' })
    await newPost({ slug: 'wanted-slug' }).catch(() => undefined)
    const { status, body } = await call('POST', `/api/blog/${post.id}/revisions/${first.id}/restore`)
    expect(status).toBe(409)
    expect(body.fields.slug).toEqual(expect.any(String))
    expect((await call('GET', `/api/blog/id/${post.id}`)).body).toMatchObject({ slug: 'moved-away', title: 'Moved' })
    expect(await list(post.id)).toHaveLength(2)
  })
})

describe('bad requests', () => {
  test('unknown post, unknown revision and another post’s revision answer 404 and change nothing', async () => {
    const post = await newPost({ title: 'Mine' })
    const other = await newPost({ title: 'Theirs' })
    const theirs = (await list(other.id))[0]
    const mine = (await list(post.id))[0]

    for (const [path, error] of [
      ['/api/blog/999999/revisions', 'Post not found'],
      [`/api/blog/999999/revisions/${mine.id}`, 'Post not found'],
      [`/api/blog/${post.id}/revisions/999999`, 'Revision not found'],
      [`/api/blog/${post.id}/revisions/${theirs.id}`, 'Revision not found'],
    ]) {
      expect(await call('GET', path as string)).toEqual({ status: 404, body: { error, fields: {} } })
    }
    for (const path of [
      `/api/blog/999999/revisions/${mine.id}/restore`,
      `/api/blog/${post.id}/revisions/999999/restore`,
      `/api/blog/${post.id}/revisions/${theirs.id}/restore`,
    ]) {
      const { status, body } = await call('POST', path)
      expect(status).toBe(404)
      expect(body).toMatchObject({ error: expect.any(String), fields: {} })
    }
    expect((await call('GET', `/api/blog/id/${post.id}`)).body.title).toBe('Mine')
    expect(await list(post.id)).toHaveLength(1)
  })

  test('ids that are not positive integers answer 400 naming the field', async () => {
    const post = await newPost()
    const res = await call('GET', '/api/blog/abc/revisions')
    expect(res.status).toBe(400)
    expect(res.body.fields).toMatchObject({ id: 'Must be a positive integer' })
    expect((await call('GET', `/api/blog/${post.id}/revisions/1.5`)).body.fields).toMatchObject({
      revisionId: 'Must be a positive integer',
    })
    const restore = await call('POST', `/api/blog/${post.id}/revisions/-1/restore`)
    expect(restore.status).toBe(400)
    expect(await list(post.id)).toHaveLength(1)
  })

  test('without a session every revision endpoint answers 401 and nothing changes', async () => {
    const post = await newPost({ title: 'Signed in only' })
    await call('PUT', `/api/blog/${post.id}`, { title: 'Changed' })
    const first = (await list(post.id)).at(-1)
    for (const [method, path] of [
      ['GET', `/api/blog/${post.id}/revisions`],
      ['GET', `/api/blog/${post.id}/revisions/${first.id}`],
      ['POST', `/api/blog/${post.id}/revisions/${first.id}/restore`],
    ]) {
      const { status, body } = await call(method as string, path as string, undefined, false)
      expect(status).toBe(401)
      expect(body).toMatchObject({ error: expect.any(String), fields: {} })
    }
    expect((await call('GET', `/api/blog/id/${post.id}`)).body.title).toBe('Changed')
    expect(await list(post.id)).toHaveLength(2)
  })
})
