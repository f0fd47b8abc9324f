import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { type RunningServer, startServer } from '#server/boot.ts'
import { createLogger } from '#server/logger.ts'
import { createPost } from '#server/services/posts.ts'
import { inProcessServerConfig, postTitlePages, validPost } from '#tests/helpers/app.ts'

// Issue 13: an answer the page cache holds is sent on node:http before Hono. It must be the answer
// Hono would send: same status, headers and bytes, 304 and HEAD included; sessions go to Hono.
let dataDir: string
let running: RunningServer
let pagesRendered = 0

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vq-cached-fast-'))
  const config = inProcessServerConfig({ DATA_DIR: dataDir, PAGE_CACHE_TTL_MS: '600000' })
  running = await startServer(config, createLogger('silent'), async (...args) => {
    pagesRendered++
    return postTitlePages(...args)
  })
  await createPost(
    running.services.database.db,
    validPost({ slug: 'fast-cached-post', title: 'Fast cached post' }) as never,
  )
})

afterAll(async () => {
  await running?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

function request(method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${running.url}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** What differs per answer by nature: the date, the connection, and Hono's per-request id and log. */
const comparable = (headers: http.IncomingHttpHeaders) => {
  const { date: _d, connection: _c, 'keep-alive': _k, 'x-request-id': _r, ...rest } = headers
  return rest
}

test.each([
  ['/blog/fast-cached-post', {}],
  ['/api/blog', {}],
  ['/api/blog/fast-cached-post', { 'accept-encoding': 'gzip, br' }],
  ['/api/blog?published=true', { 'accept-encoding': 'gzip' }],
])('%s: the fast answer is the Hono answer', async (url, headers) => {
  running.services.pageCache?.invalidate()
  const get = vi.spyOn(running.services.pageCache as NonNullable<typeof running.services.pageCache>, 'fill')
  // Filled through Hono (a MISS), then served by Hono from the cache with a session-less cookie…
  const miss = await request('GET', url, headers)
  expect(miss.headers['x-cache']).toBe('MISS')
  const viaHono = await request('GET', url, { ...headers, cookie: 'vq_session=not-a-session' })
  // …and by the fast path, which never reaches Hono (no request id).
  const viaFastPath = await request('GET', url, headers)
  expect(get).toHaveBeenCalledTimes(1)
  get.mockRestore()
  expect(viaHono.headers['x-cache']).toBe('HIT')
  expect(viaHono.headers['x-request-id']).toBeDefined()
  expect(viaFastPath.headers['x-request-id']).toBeUndefined()
  expect(viaFastPath.status).toBe(200)
  expect(comparable(viaFastPath.headers)).toEqual(comparable(viaHono.headers))
  expect(viaFastPath.body.equals(viaHono.body)).toBe(true)
  expect(viaFastPath.headers['content-security-policy']).toContain("default-src 'self'")
  expect(viaFastPath.headers['x-content-type-options']).toBe('nosniff')

  const etag = viaFastPath.headers.etag as string
  const notModified = await request('GET', url, { ...headers, 'if-none-match': etag })
  const notModifiedHono = await request('GET', url, { ...headers, 'if-none-match': etag, cookie: 'x=1; vq_session=no' })
  expect(notModified.status).toBe(304)
  expect(notModified.body.length).toBe(0)
  expect(comparable(notModified.headers)).toEqual(comparable(notModifiedHono.headers))
  const head = await request('HEAD', url, headers)
  expect(head.status).toBe(200)
  expect(head.body.length).toBe(0)
  expect(head.headers['content-length']).toBe(viaFastPath.headers['content-length'])
})

test('a miss, a signed-in admin and a write go to Hono; a change empties what the fast path serves', async () => {
  running.services.pageCache?.invalidate()
  const before = pagesRendered
  await request('GET', '/blog/fast-cached-post')
  await request('GET', '/blog/fast-cached-post')
  expect(pagesRendered).toBe(before + 1)
  const admin = await request('GET', '/api/blog', { cookie: `vq_session=${'x'.repeat(10)}` })
  expect(admin.headers['x-request-id']).toBeDefined()
  const post = await request('POST', '/api/blog', { 'content-type': 'application/json' })
  expect(post.status).toBe(401)
  running.services.pageCache?.invalidate()
  const fresh = await request('GET', '/blog/fast-cached-post')
  expect(fresh.headers['x-cache']).toBe('MISS')
  expect(pagesRendered).toBe(before + 2)
})
