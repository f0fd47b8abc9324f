import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { E2E_ADMIN, type TestServer } from '#tests/helpers/server-process.ts'
import { startTwoInstances, type TwoInstances } from '#tests/helpers/two-instances.ts'
import { within } from '#tests/helpers/wait.ts'

// Two server processes on one PostgreSQL database, as in production behind a load balancer.
// Runs in the PostgreSQL suite (TEST_DATABASE_URL set; .ci/run sets it).
describe.skipIf(!TEST_DATABASE_URL)('several instances on one PostgreSQL database', () => {
  let pair: TwoInstances | undefined
  let a: TestServer
  let b: TestServer
  const adminUrl = TEST_DATABASE_URL as string

  beforeAll(async () => {
    // A page cache that never expires by itself: only the change feed can refresh a page.
    // Both boot at once: migrations and first-run setup must not trip over each other.
    pair = await startTwoInstances('vq_multi', { PAGE_CACHE_TTL_MS: '600000' })
    ;({ a, b } = pair)
  }, 120_000)

  afterAll(async () => {
    await pair?.stop()
  })

  async function login(server: TestServer, password = E2E_ADMIN.password) {
    return fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: E2E_ADMIN.username, password }),
    })
  }

  test('both instances start together and seed the sample posts exactly once', async () => {
    const fromA = (await (await fetch(`${a.url}/api/blog`)).json()) as { slug: string }[]
    const fromB = (await (await fetch(`${b.url}/api/blog`)).json()) as { slug: string }[]
    expect(fromA.length).toBeGreaterThanOrEqual(6)
    expect(fromB.map((p) => p.slug)).toEqual(fromA.map((p) => p.slug))
    expect(new Set(fromA.map((p) => p.slug)).size).toBe(fromA.length)
  })

  test('a session made on one instance works on the other, and logout on one ends it on both', async () => {
    const res = await login(a)
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string
    const status = (s: TestServer) => fetch(`${s.url}/api/admin/status`, { headers: { cookie } }).then((r) => r.json())
    expect(await status(b)).toEqual({ isAuthenticated: true })
    await fetch(`${b.url}/api/admin/logout`, { method: 'POST', headers: { cookie } })
    expect(await status(a)).toEqual({ isAuthenticated: false })
  })

  test('parallel view increments across both instances are exact', async () => {
    const posts = (await (await fetch(`${a.url}/api/blog`)).json()) as { slug: string; viewCount: number }[]
    const target = posts[0] as { slug: string; viewCount: number }
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' }
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/blog/${target.slug}/view`, { method: 'POST', headers: ua }),
      ),
    )
    const after = (await (await fetch(`${b.url}/api/blog/${target.slug}`)).json()) as { viewCount: number }
    expect(after.viewCount).toBe(target.viewCount + 100)
  })

  async function adminCookie(server: TestServer) {
    const res = await login(server)
    expect(res.status).toBe(200)
    return (res.headers.get('set-cookie') ?? '').split(';')[0] as string
  }

  test("a post changed through one instance leaves the other's page cache within 2 s", async () => {
    const cookie = await adminCookie(a)
    const [post] = (await (await fetch(`${a.url}/api/blog?published=true`)).json()) as { id: number; slug: string }[]
    const page = () => fetch(`${b.url}/blog/${post?.slug}`)
    await page()
    const warm = await page()
    expect(warm.headers.get('x-cache')).toBe('HIT')

    const title = `Retitled on instance A ${Date.now()}`
    const put = await fetch(`${a.url}/api/blog/${post?.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title }),
    })
    expect(put.status).toBe(200)
    expect(await within(2_000, async () => (await (await page()).text()).includes(title), 20)).toBe(true)
  })

  test('while its listening connection is down an instance serves no stored page, then resumes', async () => {
    const [post] = (await (await fetch(`${a.url}/api/blog?published=true`)).json()) as { slug: string }[]
    const page = () => fetch(`${b.url}/blog/${post?.slug}`)
    await page()
    expect((await page()).headers.get('x-cache')).toBe('HIT')

    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    const killed = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN %'`,
      [pair?.databaseName],
    )
    await client.end()
    expect(killed.rowCount).toBe(2)
    // Changes made meanwhile would go unheard: the cache stands aside until it listens again.
    expect(await within(5_000, async () => (await page()).headers.get('x-cache') === 'BYPASS', 20)).toBe(true)
    expect(
      await within(
        15_000,
        async () => {
          await page()
          return (await page()).headers.get('x-cache') === 'HIT'
        },
        20,
      ),
    ).toBe(true)
  })

  test('an account suspended through one instance is signed out on the other within 2 s (issue 28)', async () => {
    const owner = await adminCookie(a)
    const send = (server: TestServer, method: string, path: string, cookie: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const invited = await send(a, 'POST', '/api/admin/staff/invitations', owner, {
      email: `editor.${Date.now()}@example.com`,
      role: 'editor',
    })
    expect(invited.status).toBe(201)
    const token = new URL(((await invited.json()) as { link: string }).link).pathname.split('/').pop()
    // The editor joins through instance B and works there.
    const joined = await send(b, 'POST', `/api/admin/invitations/${token}/accept`, '', {
      name: 'Eddie Editor',
      password: 'an editor passphrase',
    })
    expect(joined.status).toBe(201)
    const editor = (joined.headers.get('set-cookie') ?? '').split(';')[0] as string
    const me = (await (await send(b, 'GET', '/api/admin/me', editor)).json()) as { id: number; role: string }
    expect(me.role).toBe('editor')
    expect((await send(b, 'GET', '/api/analytics/overview', editor)).status).toBe(200)

    // The owner suspends them through instance A; B refuses their very next calls.
    expect((await send(a, 'PATCH', `/api/admin/staff/${me.id}`, owner, { suspended: true })).status).toBe(200)
    expect(await within(2_000, async () => (await send(b, 'GET', '/api/admin/me', editor)).status === 401, 20)).toBe(
      true,
    )
    expect(await (await send(b, 'GET', '/api/admin/status', editor)).json()).toEqual({ isAuthenticated: false })
  })

  // Last: it locks the admin out for the rest of the file.
  test('a login lock-out made through one instance holds on the other', async () => {
    for (let i = 0; i < 4; i++) expect((await login(i % 2 ? a : b, 'wrong-password')).status).toBe(401)
    expect((await login(a, 'wrong-password')).status).toBe(429)
    const onB = await login(b)
    expect(onB.status).toBe(429)
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(800)
  })
})
