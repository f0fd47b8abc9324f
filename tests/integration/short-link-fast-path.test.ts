import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { type RunningServer, startServer } from '#server/boot.ts'
import { clickTracking, redirects, xPosts } from '#server/db/schema.ts'
import { createLogger } from '#server/logger.ts'
import { createPost } from '#server/services/posts.ts'
import { createRedirect, updateRedirect } from '#server/services/redirects.ts'
import { createXPost } from '#server/services/x-posts.ts'
import { inProcessServerConfig, validPost } from '#tests/helpers/app.ts'

// A remembered short link is answered on node:http before Hono (docs/decisions/017): the answer and
// the click must be the same as the Hono route's, which answers the first request for a code.
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
let dataDir: string
let running: RunningServer
let code: string
let xPostId: number

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vq-fast-'))
  const config = inProcessServerConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://vidquest.example',
    TRUST_PROXY: 'true',
  })
  running = await startServer(config, createLogger('silent'))
  const db = running.services.database.db
  const { post } = await createPost(db, validPost({ slug: 'fast-path-post' }) as never)
  const x = await createXPost(db, { blogPostId: post.id, customContent: null, publicUrl: config.publicUrl })
  if (!x) throw new Error('no X post')
  code = x.shortCode
  xPostId = x.id
})

afterAll(async () => {
  await running?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A raw request (fetch would follow the redirect and hide hop-by-hop details). */
function request(method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${running.url}${url}`, { method, headers, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

const comparable = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers
  return rest
}

test('the fast answer has the status, Location and every header of the Hono answer', async () => {
  running.services.shortLinks.clear()
  // Only the Hono route asks the cache to resolve a code (from the database when it must).
  const resolve = vi.spyOn(running.services.shortLinks, 'resolve')
  const viaHono = await request('GET', `/s/${code}`, { 'user-agent': FIREFOX })
  expect(resolve).toHaveBeenCalledTimes(1)
  expect(running.services.shortLinks.peek(code)).not.toBeNull()
  const viaFastPath = await request('GET', `/s/${code}?ref=x`, { 'user-agent': FIREFOX })
  expect(resolve).toHaveBeenCalledTimes(1)
  resolve.mockRestore()
  expect(viaHono.status).toBe(302)
  expect(viaFastPath.status).toBe(302)
  expect(viaFastPath.headers.location).toBe(
    `https://vidquest.example/blog/fast-path-post?utm_source=x&utm_medium=social&utm_campaign=x-post-${xPostId}`,
  )
  expect(comparable(viaFastPath.headers)).toEqual(comparable(viaHono.headers))
  expect(viaFastPath.headers['content-security-policy']).toContain("default-src 'self'")
  expect(viaFastPath.headers['cache-control']).toBe('private, no-store')
})

test('clicks through the fast path are recorded like any other: IP, user agent, referrer; HEAD and bots are not clicks', async () => {
  const db = running.services.database.db
  await running.services.clicks.flush()
  const [before] = await db.select().from(xPosts).where(eq(xPosts.id, xPostId))
  expect(running.services.shortLinks.peek(code)).not.toBeNull()

  await request('GET', `/s/${code}`, {
    'user-agent': FIREFOX,
    'x-forwarded-for': '198.51.100.9',
    referer: 'https://t.co/abc',
  })
  await request('HEAD', `/s/${code}`, { 'user-agent': FIREFOX })
  await request('GET', `/s/${code}`, { 'user-agent': 'Twitterbot/1.0' })
  await request('GET', `/s/${code}`)
  await running.services.clicks.flush()

  const [after] = await db.select().from(xPosts).where(eq(xPosts.id, xPostId))
  expect((after?.clickCount ?? 0) - (before?.clickCount ?? 0)).toBe(1)
  expect((after?.botClickCount ?? 0) - (before?.botClickCount ?? 0)).toBe(2)
  const rows = await db.select().from(clickTracking).where(eq(clickTracking.ipAddress, '198.51.100.9'))
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ userAgent: FIREFOX, referrer: 'https://t.co/abc', xPostId })
})

test('unknown codes, other methods and other paths still reach the app', async () => {
  expect((await request('GET', '/s/zzzzzzz')).status).toBe(404)
  expect((await request('POST', `/s/${code}`)).status).toBe(404)
  expect((await request('GET', '/healthz')).status).toBe(200)
})

// Issue 31: an old address held in memory is answered the same way, before Hono.
test('a redirect held in memory answers its 301 before Hono, with the Hono answer’s headers, and follows edits', async () => {
  const { services } = running
  const db = services.database.db
  const saved = await createRedirect(db, { from: '/2019/05/old-fast/', to: '/blog/fast-path-post' })
  // Only the Hono route reads the table (from the database when a change emptied it).
  const lookup = vi.spyOn(services.redirects, 'lookup')
  const viaHono = await request('GET', '/2019/05/old-fast/')
  expect(lookup).toHaveBeenCalledTimes(1)
  const viaFastPath = await request('GET', '/2019/05/old-fast')
  expect(lookup).toHaveBeenCalledTimes(1)
  expect(viaHono.status).toBe(301)
  expect(viaFastPath.status).toBe(301)
  expect(viaFastPath.headers.location).toBe('https://vidquest.example/blog/fast-path-post')
  // The Hono answer, unlike a short link's, went through the request log (which names each request).
  const { 'x-request-id': requestId, ...logged } = comparable(viaHono.headers)
  expect(requestId).toBeTruthy()
  expect(comparable(viaFastPath.headers)).toEqual(logged)
  // An edit empties the table: the next answer is the new one.
  await updateRedirect(db, saved.id, { from: '/2019/05/old-fast/', to: '/blog/elsewhere' })
  expect((await request('GET', '/2019/05/old-fast')).headers.location).toBe('https://vidquest.example/blog/elsewhere')
  expect(lookup).toHaveBeenCalledTimes(2)
  expect((await request('GET', '/2019/05/old-fast')).headers.location).toBe('https://vidquest.example/blog/elsewhere')
  expect(lookup).toHaveBeenCalledTimes(2)
  lookup.mockRestore()
  await services.redirects.flush()
  const [row] = await db.select().from(redirects).where(eq(redirects.id, saved.id))
  expect(row?.hits).toBe(4)
})
