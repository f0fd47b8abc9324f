import { describe, expect, test } from 'vitest'
import { etagMatches, PageCache, pickEncoding } from '#server/http/page-cache.ts'

const html = (text: string, init: ResponseInit = {}) =>
  new Response(text, { ...init, headers: { 'content-type': 'text/html', ...(init.headers ?? {}) } })

describe('pickEncoding', () => {
  test.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['GZIP', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected)
  })
})

describe('etagMatches', () => {
  test('strong, weak, listed and wildcard forms', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true)
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true)
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true)
    expect(etagMatches('*', '"abc"')).toBe(true)
    expect(etagMatches('"abd"', '"abc"')).toBe(false)
    expect(etagMatches(undefined, '"abc"')).toBe(false)
  })
})

describe('PageCache', () => {
  test('keeps within its byte bound by dropping the least recently used page', async () => {
    const body = 'x'.repeat(20_000)
    // Each entry costs its body plus the compressed forms (tiny for repeated text) plus 512.
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 50_000 })
    for (const key of ['/a', '/b']) await cache.fill(key, async () => html(body))
    expect(cache.size).toBe(2)
    expect(cache.get('/a')).toBeDefined() // /a is now the most recently used
    await cache.fill('/c', async () => html(body))
    expect(cache.bytes).toBeLessThanOrEqual(50_000)
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/c')).toBeDefined()
    // A page bigger than half the bound is served but never stored.
    const huge = await cache.fill('/huge', async () => html('y'.repeat(30_000)))
    expect('page' in huge).toBe(true)
    expect(cache.get('/huge')).toBeUndefined()
  })

  test('a render that began before an invalidation is not stored', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 })
    let finish!: () => void
    const started = cache.fill(
      '/blog',
      () => new Promise<Response>((resolve) => (finish = () => resolve(html('<p>old</p>')))),
    )
    cache.invalidate()
    finish()
    const result = await started
    expect('page' in result && result.page.body.toString()).toBe('<p>old</p>')
    expect(cache.get('/blog')).toBeUndefined()
  })

  test('while suspended, nothing is stored and the cache reports itself off', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 })
    await cache.fill('/', async () => html('<p>a</p>'))
    cache.setSuspended(true)
    expect(cache.enabled).toBe(false)
    expect(cache.size).toBe(0)
    await cache.fill('/', async () => html('<p>b</p>'))
    expect(cache.size).toBe(0)
    cache.setSuspended(false)
    expect(cache.enabled).toBe(true)
  })

  test('a time to live of 0 turns the cache off', () => {
    expect(new PageCache({ ttlMs: 0, maxBytes: 1 << 20 }).enabled).toBe(false)
  })

  test('answers that set a cookie or are not 200 are handed back, not stored', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 })
    const withCookie = await cache.fill('/a', async () => html('<p>a</p>', { headers: { 'set-cookie': 'x=1' } }))
    const redirect = await cache.fill('/b', async () => new Response(null, { status: 302, headers: { location: '/' } }))
    expect('response' in withCookie).toBe(true)
    expect('response' in redirect && redirect.response.status).toBe(302)
    expect(cache.size).toBe(0)
  })
})
