import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { blogPosts } from '#server/db/schema.ts'
import { createTestApp, json, signedInTestApp, type TestApp, validPost } from '#tests/helpers/app.ts'

const t = signedInTestApp()

async function create(body: Record<string, unknown>) {
  const res = await t.app.request('/api/blog', json('POST', body, t.cookie))
  return { status: res.status, body: (await res.json()) as any }
}

describe('POST /api/blog', () => {
  test('creates a post and answers 201 with success, message and the post', async () => {
    const { status, body } = await create(validPost({ slug: 'first-post' }))
    expect(status).toBe(201)
    expect(body).toMatchObject({ success: true, message: 'Blog post created successfully.' })
    expect(body.post).toMatchObject({
      slug: 'first-post',
      isPublished: true,
      viewCount: 0,
      aiGenerated: false,
      tags: ['video', 'rewards'],
    })
    expect(body.post.publishedAt).toEqual(expect.any(String))
  })

  test('renames a taken slug to slug-1, slug-2 and says so', async () => {
    await create(validPost({ slug: 'taken' }))
    const second = await create(validPost({ slug: 'taken' }))
    const third = await create(validPost({ slug: 'taken' }))
    expect(second.body.post.slug).toBe('taken-1')
    expect(second.body.message).toContain('"taken-1"')
    expect(third.body.post.slug).toBe('taken-2')
  })

  test('10 parallel creates of one slug give 10 distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => create(validPost({ slug: 'race' }))))
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201))
    const slugs = new Set(results.map((r) => r.body.post.slug))
    expect(slugs.size).toBe(10)
    expect(slugs.has('race')).toBe(true)
  })

  test('an empty title answers 400 naming the field and stores nothing', async () => {
    const before = ((await (await t.app.request('/api/blog', json('GET', undefined, t.cookie))).json()) as unknown[])
      .length
    const { status, body } = await create(validPost({ title: '', slug: 'no-title' }))
    expect(status).toBe(400)
    expect(body.fields).toMatchObject({ title: 'Title is required' })
    const after = ((await (await t.app.request('/api/blog', json('GET', undefined, t.cookie))).json()) as unknown[])
      .length
    expect(after).toBe(before)
  })

  test('field limits of docs/product.md §3 answer 400 naming the field', async () => {
    expect((await create(validPost({ title: 'x'.repeat(256) }))).body.fields.title).toMatch(/255/)
    expect((await create(validPost({ slug: 'a'.repeat(256) }))).body.fields.slug).toMatch(/255/)
    expect((await create(validPost({ category: 'c'.repeat(101) }))).body.fields.category).toMatch(/100/)
    expect((await create(validPost({ author: 'a'.repeat(101) }))).body.fields.author).toMatch(/100/)
    expect((await create(validPost({ content: '   ' }))).body.fields.content).toBe('Content is required')
    expect((await create(validPost({ slug: '' }))).body.fields.slug).toBe('Slug is required')
  })

  test('without a session answers 401', async () => {
    const res = await t.app.request('/api/blog', json('POST', validPost({ slug: 'anon' })))
    expect(res.status).toBe(401)
  })
})

describe('GET /api/blog', () => {
  test('anonymous callers see published posts only, whatever the query says', async () => {
    await create(validPost({ slug: 'hidden-draft', isPublished: false }))
    for (const query of ['', '?published=false', '?published=true']) {
      const posts = (await (await t.app.request(`/api/blog${query}`)).json()) as {
        slug: string
        isPublished: boolean
      }[]
      expect(posts.every((p) => p.isPublished)).toBe(true)
      expect(posts.some((p) => p.slug === 'hidden-draft')).toBe(false)
    }
  })

  test('an admin sees drafts and can filter by status', async () => {
    const all = (await (await t.app.request('/api/blog', json('GET', undefined, t.cookie))).json()) as {
      isPublished: boolean
    }[]
    const drafts = (await (
      await t.app.request('/api/blog?published=false', json('GET', undefined, t.cookie))
    ).json()) as { isPublished: boolean }[]
    expect(all.some((p) => !p.isPublished)).toBe(true)
    expect(drafts.length).toBeGreaterThan(0)
    expect(drafts.every((p) => !p.isPublished)).toBe(true)
  })

  test('a bad published value answers 400', async () => {
    const res = await t.app.request('/api/blog?published=maybe')
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).fields.published).toBeDefined()
  })
})

describe('single posts', () => {
  test('GET /api/blog/{slug} answers 404 with the spec error when missing, or a draft for anonymous', async () => {
    const missing = await t.app.request('/api/blog/does-not-exist')
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'Post not found', fields: {} }])
    await create(validPost({ slug: 'secret-draft', isPublished: false }))
    expect((await t.app.request('/api/blog/secret-draft')).status).toBe(404)
    expect((await t.app.request('/api/blog/secret-draft', json('GET', undefined, t.cookie))).status).toBe(200)
  })

  test('GET /api/blog/id/{id} answers 400 for a non-integer id and 404 when missing', async () => {
    expect((await t.app.request('/api/blog/id/abc')).status).toBe(400)
    expect((await t.app.request('/api/blog/id/1.5')).status).toBe(400)
    expect((await t.app.request('/api/blog/id/999999')).status).toBe(404)
    const { body } = await create(validPost({ slug: 'by-id' }))
    const res = await t.app.request(`/api/blog/id/${body.post.id}`)
    expect(((await res.json()) as any).slug).toBe('by-id')
  })
})

describe('updates', () => {
  test('PUT changes fields, keeps updatedAt current and 404s for a missing post', async () => {
    const { body } = await create(validPost({ slug: 'to-edit', isPublished: false }))
    const res = await t.app.request(
      `/api/blog/${body.post.id}`,
      json('PUT', { title: 'Edited', tags: ['a', 'a', ' ', 'b'] }, t.cookie),
    )
    const updated = ((await res.json()) as any).post
    expect(updated).toMatchObject({ title: 'Edited', tags: ['a', 'b'], publishedAt: null })
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(body.post.updatedAt).getTime())
    expect((await t.app.request('/api/blog/999999', json('PUT', { title: 'x' }, t.cookie))).status).toBe(404)
    expect((await t.app.request(`/api/blog/${body.post.id}`, json('PUT', { title: '' }, t.cookie))).status).toBe(400)
  })

  test('publish sets publishedAt once; unpublish keeps it; both 404 for a missing post', async () => {
    const { body } = await create(validPost({ slug: 'publish-me', isPublished: false }))
    const id = body.post.id
    const first = (
      (await (await t.app.request(`/api/blog/${id}/publish`, json('POST', undefined, t.cookie))).json()) as any
    ).post
    expect(first.isPublished).toBe(true)
    expect(first.publishedAt).toEqual(expect.any(String))
    const draft = (
      (await (await t.app.request(`/api/blog/${id}/unpublish`, json('POST', undefined, t.cookie))).json()) as any
    ).post
    expect(draft.isPublished).toBe(false)
    const again = (
      (await (await t.app.request(`/api/blog/${id}/publish`, json('POST', undefined, t.cookie))).json()) as any
    ).post
    expect(again.publishedAt).toBe(first.publishedAt)
    expect((await t.app.request('/api/blog/999999/publish', json('POST', undefined, t.cookie))).status).toBe(404)
    expect((await t.app.request('/api/blog/999999/unpublish', json('POST', undefined, t.cookie))).status).toBe(404)
  })

  test('DELETE removes the post and 404s the second time', async () => {
    const { body } = await create(validPost({ slug: 'to-delete' }))
    const first = await t.app.request(`/api/blog/${body.post.id}`, json('DELETE', undefined, t.cookie))
    expect(first.status).toBe(200)
    expect((await t.app.request('/api/blog/to-delete')).status).toBe(404)
    expect((await t.app.request(`/api/blog/${body.post.id}`, json('DELETE', undefined, t.cookie))).status).toBe(404)
  })
})

describe('views', () => {
  test('50 parallel view increments are exact', async () => {
    await create(validPost({ slug: 'popular' }))
    const ua = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await t.app.request('/api/blog/popular/view', { method: 'POST', headers: ua })
        return (await res.json()) as { counted: boolean; viewCount: number }
      }),
    )
    const post = (await (await t.app.request('/api/blog/popular')).json()) as any
    expect(post.viewCount).toBe(50)
    // Each answer carries the count its own increment produced: 1 to 50, each once.
    expect(answers.map((a) => a.viewCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })

  test('a crawler does not count as a view', async () => {
    await create(validPost({ slug: 'crawled' }))
    const res = await t.app.request('/api/blog/crawled/view', {
      method: 'POST',
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    })
    expect(((await res.json()) as any).counted).toBe(false)
    expect(((await (await t.app.request('/api/blog/crawled')).json()) as any).viewCount).toBe(0)
  })
})

describe('compression', () => {
  test('JSON answers are gzipped for clients that take gzip, and sent as they are to the others', async () => {
    await create(validPost({ slug: 'compressed', content: 'A paragraph that repeats. '.repeat(200) }))
    const plain = await t.app.request('/api/blog/compressed')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const body = await plain.text()
    const gz = await t.app.request('/api/blog/compressed', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('vary')).toContain('Accept-Encoding')
    const bytes = Buffer.from(await gz.arrayBuffer())
    expect(bytes.length).toBeLessThan(body.length / 4)
    expect(gunzipSync(bytes).toString()).toBe(body)
  })
})

describe('list order and times', () => {
  let fresh: TestApp
  let freshCookie: string
  beforeAll(async () => {
    fresh = await createTestApp()
    freshCookie = await fresh.adminCookie()
    const row = (slug: string, publishedAt: string | null, updatedAt: string) => ({
      title: slug,
      slug,
      content: 'Body.',
      isPublished: publishedAt !== null,
      publishedAt: publishedAt === null ? null : new Date(publishedAt),
      updatedAt: new Date(updatedAt),
    })
    // Inserted oldest-id-first in an order unlike the expected one, so id order alone cannot pass.
    await fresh.database.db
      .insert(blogPosts)
      .values([
        row('published-april', '2026-04-01T08:00:00.000Z', '2026-04-02T10:15:30.123Z'),
        row('draft-march', null, '2026-03-15T12:00:00.000Z'),
        row('published-march-edited-may', '2026-03-01T09:30:00.000Z', '2026-05-20T17:45:00.500Z'),
        row('draft-april', null, '2026-04-15T06:00:00.000Z'),
        row('published-april-same-time', '2026-04-01T08:00:00.000Z', '2026-04-01T08:00:00.000Z'),
      ])
  })
  afterAll(() => fresh.close())

  const slugs = async (init?: RequestInit) =>
    ((await (await fresh.app.request('/api/blog', init)).json()) as { slug: string }[]).map((p) => p.slug)

  test('GET /api/blog lists newest first by publishedAt, a later edit not moving a post up', async () => {
    expect(await slugs()).toEqual(['published-april-same-time', 'published-april', 'published-march-edited-may'])
  })

  test('drafts without publishedAt are placed by updatedAt among the published posts', async () => {
    expect(await slugs(json('GET', undefined, freshCookie))).toEqual([
      'draft-april',
      'published-april-same-time',
      'published-april',
      'draft-march',
      'published-march-edited-may',
    ])
  })

  test('answers carry publishedAt and updatedAt as exact ISO 8601 UTC times, in the list and by slug', async () => {
    const list = (await (await fresh.app.request('/api/blog')).json()) as any[]
    expect(list.find((p) => p.slug === 'published-april')).toMatchObject({
      publishedAt: '2026-04-01T08:00:00.000Z',
      updatedAt: '2026-04-02T10:15:30.123Z',
    })
    const one = (await (await fresh.app.request('/api/blog/published-march-edited-may')).json()) as any
    expect(one).toMatchObject({ publishedAt: '2026-03-01T09:30:00.000Z', updatedAt: '2026-05-20T17:45:00.500Z' })
    const draft = (await (
      await fresh.app.request('/api/blog/draft-march', json('GET', undefined, freshCookie))
    ).json()) as any
    expect(draft).toMatchObject({ publishedAt: null, updatedAt: '2026-03-15T12:00:00.000Z' })
  })
})
