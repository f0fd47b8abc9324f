import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { PageCache } from '#server/http/page-cache.ts'
import { createTestApp, expectNotModified, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// Issue 13: anonymous GET /api/blog and GET /api/blog/{slug} come from the page cache, with its
// invalidation and ETag/304; admins' answers are never stored.
let t: TestApp
let cookie: string
let now = 1_000_000
const TTL = 10_000
const cache = new PageCache({ ttlMs: TTL, maxBytes: 8 * 1024 * 1024, now: () => now })
let postId: number

beforeAll(async () => {
  t = await createTestApp({}, undefined, { pageCache: cache })
  cookie = await t.adminCookie()
  for (const [i, title] of ['Oldest', 'Middle', 'Newest'].entries()) {
    const res = await t.app.request(
      '/api/blog',
      json('POST', validPost({ title, slug: `json-${i}`, publishedAt: `2026-0${i + 1}-01T00:00:00.000Z` }), cookie),
    )
    expect(res.status).toBe(201)
    postId = ((await res.json()) as { post: { id: number } }).post.id
  }
  const draft = await t.app.request(
    '/api/blog',
    json('POST', validPost({ title: 'Draft', slug: 'json-draft', isPublished: false }), cookie),
  )
  expect(draft.status).toBe(201)
})
afterAll(() => t.close())
beforeEach(() => cache.invalidate())

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })
const titles = async (res: Response) => ((await res.json()) as { title: string }[]).map((p) => p.title)

describe('public JSON from the page cache', () => {
  test('the second anonymous read of the list is a cache hit with the same bytes, an ETag and no-cache', async () => {
    for (const path of ['/api/blog', '/api/blog?published=true', '/api/blog/json-1']) {
      const first = await get(path)
      const second = await get(path)
      expect(first.status, path).toBe(200)
      expect(first.headers.get('x-cache'), path).toBe('MISS')
      expect(second.headers.get('x-cache'), path).toBe('HIT')
      expect(second.headers.get('content-type')).toMatch(/^application\/json/)
      expect(second.headers.get('cache-control')).toBe('no-cache')
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
      expect(await second.text()).toBe(await first.text())
    }
  })

  test('a reader whose copy is current gets 304; a compressed answer decodes to the same JSON', async () => {
    const { first } = await expectNotModified(get, '/api/blog')
    const gz = await get('/api/blog', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(await first.json())
  })

  test('an edit empties it: the next read has the new title', async () => {
    expect(await titles(await get('/api/blog'))).toContain('Newest')
    const res = await t.app.request(`/api/blog/${postId}`, json('PUT', { title: 'Renamed newest' }, cookie))
    expect(res.status).toBe(200)
    const after = await get('/api/blog')
    expect(after.headers.get('x-cache')).toBe('MISS')
    expect(await titles(after)).toContain('Renamed newest')
  })

  test('admins get drafts, uncached and no-store, and never fill the cache for anonymous readers', async () => {
    const admin = await t.app.request('/api/blog', json('GET', undefined, cookie))
    expect(admin.headers.get('x-cache')).toBeNull()
    expect(admin.headers.get('cache-control')).toBe('no-store')
    expect(await titles(admin)).toContain('Draft')
    const anonymous = await get('/api/blog')
    expect(anonymous.headers.get('x-cache')).toBe('MISS')
    expect(await titles(anonymous)).not.toContain('Draft')
    expect((await get('/api/blog/json-draft')).status).toBe(404)
  })

  test('errors and other endpoints are not stored', async () => {
    const missing = await get('/api/blog/no-such-post')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect((await get('/api/blog/no-such-post')).headers.get('x-cache')).toBe('BYPASS')
    const x = await get(`/api/blog/${postId}/x-posts`)
    expect(x.status).toBe(401)
    expect(x.headers.get('x-cache')).toBeNull()
  })
})

describe('GET /api/blog?limit=&offset=', () => {
  test('pages the list, newest first; without limit every post', async () => {
    expect(await titles(await get('/api/blog'))).toHaveLength(3)
    expect(await titles(await get('/api/blog?limit=2'))).toHaveLength(2)
    const all = await titles(await get('/api/blog'))
    expect(await titles(await get('/api/blog?limit=2&offset=1'))).toEqual(all.slice(1, 3))
    expect(await titles(await get('/api/blog?offset=2'))).toEqual(all.slice(2))
    expect(await titles(await get('/api/blog?limit=5&offset=10'))).toEqual([])
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=two', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
  ])('%s answers 400 naming the field', async (query, field) => {
    const res = await get(`/api/blog?${query}`)
    expect(res.status).toBe(400)
    expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toContain(field)
  })
})

test('a stored answer lives at most the TTL (view counts may lag that long)', async () => {
  await get('/api/blog/json-0')
  now += TTL
  expect((await get('/api/blog/json-0')).headers.get('x-cache')).toBe('MISS')
})
