import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { PageHandler } from '#server/app.ts'
import { PageCache } from '#server/http/page-cache.ts'
import { listPosts, updatePost } from '#server/services/posts.ts'
import { createTestApp, expectNotModified, json, type TestApp, validPost } from '#tests/helpers/app.ts'

// The public page cache through the Hono app, with a page handler that renders the blog from the
// database (in place of the React Router build) and counts its renders.
let t: TestApp
let cookie: string
let renders = 0
let now = 1_000_000
const TTL = 10_000
const cache = new PageCache({ ttlMs: TTL, maxBytes: 8 * 1024 * 1024, now: () => now })

const pages: PageHandler = async (request, services, userId) => {
  renders++
  const url = new URL(request.url)
  if (url.pathname === '/missing') return new Response('<h1>Page Not Found</h1>', { status: 404 })
  if (url.pathname === '/private') {
    return new Response('<p>for you</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'private' } })
  }
  const posts = await listPosts(services.database.db, { published: undefined, includeDrafts: userId !== null })
  const items = posts.map((p) => `<li>${p.title} (${p.viewCount} views)</li>`).join('')
  // Long enough that compression is worth it.
  const html = `<!doctype html><html><body><h1>Blog ${url.search}</h1><ul>${items}</ul>${'<p>filler text</p>'.repeat(200)}</body></html>`
  return new Response(html, { headers: { 'content-type': 'text/html' } })
}

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })

beforeAll(async () => {
  t = await createTestApp({}, undefined, { pages, pageCache: cache })
  cookie = await t.adminCookie()
  const res = await t.app.request('/api/blog', json('POST', validPost({ title: 'First title' }), cookie))
  expect(res.status).toBe(201)
})
afterAll(() => t.close())
beforeEach(() => {
  cache.invalidate()
  renders = 0
})

describe('public page cache', () => {
  test('the second visitor gets the stored page: one render, same bytes, same ETag', async () => {
    const first = await get('/blog')
    const second = await get('/blog')
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(await second.text()).toBe(await first.text())
    expect(second.headers.get('etag')).toMatch(/^"[\w-]{27}"$/)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(second.headers.get('cache-control')).toBe('no-cache')
    expect(second.headers.get('vary')).toBe('Accept-Encoding')
    expect(renders).toBe(1)
  })

  test('a client whose copy is current gets 304 with no body', async () => {
    const { etag, again } = await expectNotModified(get, '/blog')
    expect(again.headers.get('etag')).toBe(etag)
    expect((await get('/blog', { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304)
    expect((await get('/blog', { 'if-none-match': '"stale"' })).status).toBe(200)
  })

  test('brotli or gzip as the client prefers, each decoding to the same page', async () => {
    const plain = await (await get('/blog')).text()
    const br = await get('/blog', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length)
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain)
    expect(brBytes.length).toBeLessThan(plain.length / 5)

    const gz = await get('/blog', { 'accept-encoding': 'gzip, br;q=0' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)

    const identity = await get('/blog', { 'accept-encoding': 'identity' })
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect(renders).toBe(1)
  })

  test('a change to a post empties the cache at once; views and failed writes do not', async () => {
    expect(await (await get('/blog')).text()).toContain('First title')
    const [post] = await listPosts(t.database.db, { published: undefined, includeDrafts: true })
    const id = post?.id as number

    // A view, a refused write and an AI/upload call leave the stored page in place.
    await t.app.request(`/api/blog/${post?.slug}/view`, { method: 'POST', headers: { 'user-agent': 'Mozilla/5.0' } })
    expect((await t.app.request(`/api/blog/${id}`, json('PUT', { title: '' }, cookie))).status).toBe(400)
    expect((await get('/blog')).headers.get('x-cache')).toBe('HIT')

    const updated = await t.app.request(`/api/blog/${id}`, json('PUT', { title: 'Second title' }, cookie))
    expect(updated.status).toBe(200)
    const after = await get('/blog')
    expect(after.headers.get('x-cache')).toBe('MISS')
    expect(await after.text()).toContain('Second title')

    for (const change of [
      json('POST', undefined, cookie, {}),
      json('POST', undefined, cookie, {}),
      json('POST', validPost({ slug: 'another-post', title: 'Another post' }), cookie),
    ].map((init, i) => ({ init, path: [`/api/blog/${id}/unpublish`, `/api/blog/${id}/publish`, '/api/blog'][i] }))) {
      await get('/blog')
      expect((await get('/blog')).headers.get('x-cache')).toBe('HIT')
      expect((await t.app.request(change.path as string, change.init)).status).toBeLessThan(300)
      expect((await get('/blog')).headers.get('x-cache')).toBe('MISS')
    }
    expect(await (await get('/blog')).text()).toContain('Another post')
    const other = await listPosts(t.database.db, { published: undefined, includeDrafts: true })
    const created = other.find((p) => p.slug === 'another-post')
    expect((await t.app.request(`/api/blog/${created?.id}`, json('DELETE', undefined, cookie))).status).toBe(200)
    expect(await (await get('/blog')).text()).not.toContain('Another post')
  })

  test('a change made outside /api/blog (the CLI, a scheduled job) empties the cache too', async () => {
    await get('/blog')
    expect((await get('/blog')).headers.get('x-cache')).toBe('HIT')
    const [post] = await listPosts(t.database.db, { published: undefined, includeDrafts: true })
    // The posts service itself, as a job or the CLI would call it: no HTTP request involved.
    await updatePost(t.database.db, post?.id as number, { title: 'Changed by a job' })
    const after = await get('/blog')
    expect(after.headers.get('x-cache')).toBe('MISS')
    expect(await after.text()).toContain('Changed by a job')
    // An update of a post that does not exist changes nothing, and the page stays stored.
    expect(await updatePost(t.database.db, 987_654, { title: 'Nobody' })).toBeNull()
    expect((await get('/blog')).headers.get('x-cache')).toBe('HIT')
  })

  test('a page lives for its time to live, then is rendered again', async () => {
    await get('/blog')
    now += TTL - 1
    expect((await get('/blog')).headers.get('x-cache')).toBe('HIT')
    now += 1
    expect((await get('/blog')).headers.get('x-cache')).toBe('MISS')
    expect(renders).toBe(2)
  })

  test('each address is its own entry, query string included', async () => {
    await get('/blog?category=technology')
    await get('/blog')
    expect(await (await get('/blog?category=technology')).text()).toContain('Blog ?category=technology')
    expect(renders).toBe(2)
  })

  test('many visitors arriving together share one render', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/blog')))
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1)
    expect(renders).toBe(1)
  })

  test('a signed-in admin, other methods, errors and private answers are never cached', async () => {
    await get('/blog', { cookie })
    expect((await get('/blog', { cookie })).headers.get('x-cache')).toBeNull()
    expect(cache.size).toBe(0)

    expect((await get('/missing')).status).toBe(404)
    expect((await get('/missing')).headers.get('x-cache')).toBe('BYPASS')
    expect((await get('/private')).headers.get('x-cache')).toBe('BYPASS')
    expect(await (await get('/private')).text()).toBe('<p>for you</p>')
    expect(renders).toBe(6)
    expect(cache.size).toBe(0)
  })

  test('HEAD is answered from a stored page without a body, and does not fill the cache', async () => {
    const cold = await t.app.request('/blog', { method: 'HEAD' })
    expect(cold.headers.get('x-cache')).toBe('BYPASS')
    expect(cache.size).toBe(0)
    await get('/blog')
    const warm = await t.app.request('/blog', { method: 'HEAD' })
    expect(warm.status).toBe(200)
    expect(warm.headers.get('x-cache')).toBe('HIT')
    expect(await warm.text()).toBe('')
  })
})
