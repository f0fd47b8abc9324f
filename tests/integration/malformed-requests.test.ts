import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// What an outside prober sends (issue 10 §2), against the real server process: raw sockets,
// aborted bodies and odd paths go through node:http, @hono/node-server and React Router as in
// production, which app.request() would skip.
let server: TestServer
beforeAll(async () => {
  await ensureSiteBuilt()
  server = await startTestServer({ env: { LOG_LEVEL: 'info' } })
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

type LogLine = Record<string, unknown>
const logLines = (): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine)

/** Sends raw bytes on a fresh connection, waits `ms`, then cuts the connection (a client gone). */
function sendThenCut(raw: string, ms = 200) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(raw)
      setTimeout(() => {
        socket.destroy()
        resolve()
      }, ms)
    })
    socket.on('error', reject)
  })
}

/** Waits until the server has logged the request line for `path` (the log is written after the answer). */
async function requestLine(path: string, since: number) {
  await expect
    .poll(() =>
      logLines()
        .slice(since)
        .some((l) => l.msg === 'request' && l.path === path),
    )
    .toBe(true)
  return logLines().slice(since)
}

describe('page paths with a NUL or a malformed percent-encoding', () => {
  const paths = [
    '/blog/%00',
    '/blog/a%00b.data',
    '/blog/%00.data',
    '/%00',
    '/legal/%00',
    '/%E0%A4%A',
    '/blog/%ZZ',
    '/blog/%',
    '/blog/x%C0%AF',
    '/admin/blog/edit/%ff',
    '/s/%00',
    '/images/%00.jpg',
    '/og/%00',
    '/api/blog/%00',
    '/api/blog/id/%00',
  ]

  test.each(paths)('GET %s answers 400 or 404, never 500, and the log says why', async (path) => {
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual' })
    expect([400, 404]).toContain(res.status)
    await res.arrayBuffer()
    const id = res.headers.get('x-request-id')
    await expect.poll(() => logLines().some((l) => l.reqId === id && l.msg === 'request')).toBe(true)
    const lines = logLines().filter((l) => l.reqId === id)
    expect(lines.filter((l) => l.level === 'error')).toEqual([])
    expect(lines.find((l) => l.msg === 'request')?.status).toBe(res.status)
    if (res.status === 400) expect(lines.some((l) => typeof l.reason === 'string')).toBe(true)
  })
})

describe('a request body the client abandons', () => {
  test.each([
    [
      'a short Content-Length',
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
    ],
    [
      'a chunked body cut mid-way',
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"nam\r\n',
    ],
  ])('with %s is logged as a client abort, not as an unhandled error with a 5xx', async (_name, raw) => {
    const since = logLines().length
    await sendThenCut(raw)
    const lines = await requestLine('/api/contact', since)
    expect(lines.filter((l) => l.msg === 'unhandled error')).toEqual([])
    const request = lines.find((l) => l.msg === 'request')
    expect(request).toMatchObject({ level: 'info', aborted: true })
    expect(Number(request?.status)).toBeLessThan(500)
  })
})

describe('413', () => {
  test('an oversized body is answered 413 with Connection: close, and the next request on a new connection works', async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('connection')).toBe('close')
    expect(((await res.json()) as { error: string }).error).toMatch(/too large/)
    const next = await fetch(`${server.url}/healthz`)
    expect(next.status).toBe(200)
  })
})
