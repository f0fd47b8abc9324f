import { createHash, randomBytes, scryptSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rateLimits, sessions, users } from '#server/db/schema.ts'
import { hashPassword, verifyPassword } from '#server/services/passwords.ts'
import {
  createSession,
  destroySession,
  purgeExpiredSessions,
  resolveSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '#server/services/sessions.ts'
import { MemoryThrottle, SqlThrottle, type Throttle } from '#server/services/throttle.ts'
import { createUser } from '#server/services/users.ts'
import { throttleAddress } from '#server/services/visits.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

const MINUTE = 60 * 1000
const DAY = 24 * 60 * MINUTE
const HOUR = 60 * MINUTE

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true })
})
afterAll(() => t.close())

/** Each test signs in as its own user from its own address, so no test sees another's counters. */
async function newAdmin(username: string, password = `${username} long enough password`) {
  const user = await createUser(t.database.db, username, password)
  if (!user) throw new Error(`user ${username} already exists`)
  return { id: user.id, username, password }
}

interface LoginOptions {
  ip?: string
  cookie?: string
  url?: string
  app?: TestApp
}

async function login(body: unknown, { ip = '198.51.100.1', cookie, url, app = t }: LoginOptions = {}) {
  const res = await app.app.request(url ?? '/api/admin/login', json('POST', body, cookie, { 'x-forwarded-for': ip }))
  return { res, body: (await res.json()) as any, setCookie: res.headers.get('set-cookie') ?? '' }
}

/** `vq_session=<token>` from a Set-Cookie header, ready to send back as a Cookie header. */
function sessionCookie(setCookie: string) {
  const pair = setCookie.split(';')[0] ?? ''
  expect(pair).toMatch(/^vq_session=[A-Za-z0-9_-]{43}$/)
  return pair
}

async function isAuthenticated(cookie?: string) {
  const res = await t.app.request('/api/admin/status', json('GET', undefined, cookie))
  expect(res.status).toBe(200)
  return ((await res.json()) as { isAuthenticated: boolean }).isAuthenticated
}

describe('POST /api/admin/login', () => {
  test('right credentials answer 200 with success and an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const admin = await newAdmin('login-ok')
    const { res, body, setCookie } = await login(admin, { ip: '198.51.100.10' })
    expect(res.status).toBe(200)
    expect(body).toEqual({ success: true, message: expect.any(String) })
    sessionCookie(setCookie)
    expect(setCookie).toMatch(/;\s*HttpOnly/i)
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i)
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/)
  })

  test('over plain http the cookie is not marked Secure', async () => {
    const admin = await newAdmin('login-http')
    const { setCookie } = await login(admin, { ip: '198.51.100.11' })
    expect(setCookie).not.toMatch(/;\s*Secure/i)
  })

  test('a request that arrived over https gets a Secure cookie', async () => {
    const admin = await newAdmin('login-https')
    const { res, setCookie } = await login(admin, { ip: '198.51.100.12', url: 'https://localhost/api/admin/login' })
    expect(res.status).toBe(200)
    expect(setCookie).toMatch(/;\s*Secure/i)
  })

  test('cookieSecure: true marks the cookie Secure even over http', async () => {
    const secureApp = await createTestApp({ cookieSecure: true })
    try {
      const user = await createUser(secureApp.database.db, 'secure-admin', 'secure admin password')
      expect(user).not.toBeNull()
      const { res, setCookie } = await login(
        { username: 'secure-admin', password: 'secure admin password' },
        { app: secureApp },
      )
      expect(res.status).toBe(200)
      expect(setCookie).toMatch(/;\s*Secure/i)
    } finally {
      await secureApp.close()
    }
  })

  test('a wrong password answers 401 with the spec message and sets no cookie', async () => {
    const admin = await newAdmin('login-wrong')
    const { res, body, setCookie } = await login(
      { username: admin.username, password: 'not the password' },
      { ip: '198.51.100.13' },
    )
    expect(res.status).toBe(401)
    expect(body).toMatchObject({ success: false, message: 'Invalid username or password.' })
    expect(body.error).toEqual(expect.any(String))
    expect(setCookie).toBe('')
  })

  test('an unknown username answers exactly like a wrong password', async () => {
    const { res, body } = await login({ username: 'nobody-here', password: 'whatever it is' }, { ip: '198.51.100.14' })
    expect(res.status).toBe(401)
    expect(body).toMatchObject({ success: false, message: 'Invalid username or password.' })
  })

  test('missing username and password answer 400 naming both fields', async () => {
    const { res, body } = await login({}, { ip: '198.51.100.15' })
    expect(res.status).toBe(400)
    expect(body.success).toBe(false)
    expect(body.fields).toMatchObject({ username: 'Username is required', password: 'Password is required' })
    const empty = await login({ username: '  ', password: '' }, { ip: '198.51.100.15' })
    expect(empty.res.status).toBe(400)
    expect(empty.body.fields).toMatchObject({ username: 'Username is required', password: 'Password is required' })
  })

  test('every login gives a new token, and the cookie sent along with a login is destroyed', async () => {
    const admin = await newAdmin('login-twice')
    const first = sessionCookie((await login(admin, { ip: '198.51.100.16' })).setCookie)
    const second = sessionCookie((await login(admin, { ip: '198.51.100.16', cookie: first })).setCookie)
    expect(second).not.toBe(first)
    expect(await isAuthenticated(first)).toBe(false)
    expect(await isAuthenticated(second)).toBe(true)
  })
})

describe('GET /api/admin/status and POST /api/admin/logout', () => {
  test('status is false without a cookie and with a made-up cookie', async () => {
    expect(await isAuthenticated()).toBe(false)
    expect(await isAuthenticated(`vq_session=${'A'.repeat(43)}`)).toBe(false)
    expect(await isAuthenticated('vq_session=short')).toBe(false)
  })

  test('status is true after login, and false after logout with the old cookie no longer working', async () => {
    const admin = await newAdmin('status-flow')
    const cookie = sessionCookie((await login(admin, { ip: '198.51.100.20' })).setCookie)
    expect(await isAuthenticated(cookie)).toBe(true)

    const out = await t.app.request('/api/admin/logout', json('POST', undefined, cookie))
    expect(out.status).toBe(200)
    expect(await out.json()).toMatchObject({ success: true })
    const cleared = out.headers.get('set-cookie') ?? ''
    expect(cleared).toMatch(/^vq_session=;/)
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)

    // The browser would drop the cookie; a copy kept by an attacker must be dead too.
    expect(await isAuthenticated(cookie)).toBe(false)
    const reuse = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, cookie))
    expect(reuse.status).toBe(401)
  })

  test('logout without a session still answers 200 and clears the cookie', async () => {
    const out = await t.app.request('/api/admin/logout', json('POST'))
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/^vq_session=;.*Max-Age=0/i)
  })
})

describe('login lock-out', () => {
  test('the 5th wrong password for one username from one address locks it for 15 minutes', async () => {
    const admin = await newAdmin('lock-me')
    const ip = '203.0.113.5'
    const wrong = { username: admin.username, password: 'wrong password' }
    for (let i = 1; i <= 4; i++) expect((await login(wrong, { ip })).res.status).toBe(401)

    const fifth = await login(wrong, { ip })
    expect(fifth.res.status).toBe(429)
    expect(fifth.body).toMatchObject({ success: false })
    expect(fifth.body.message).toContain('Try again in 15 minutes')
    expect(fifth.body.error).toContain('Try again in 15 minutes')
    const retryAfter = Number(fifth.res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(890)
    expect(retryAfter).toBeLessThanOrEqual(900)

    // While locked even the right password is refused, and no session is made.
    const right = await login(admin, { ip })
    expect(right.res.status).toBe(429)
    expect(right.setCookie).toBe('')
    expect(Number(right.res.headers.get('retry-after'))).toBeGreaterThan(800)
  })

  test('a lock on one username does not lock another username from the same address, nor the same one elsewhere', async () => {
    const locked = await newAdmin('locked-user')
    const other = await newAdmin('other-user')
    const ip = '203.0.113.6'
    for (let i = 1; i <= 5; i++) await login({ username: locked.username, password: 'wrong password' }, { ip })
    expect((await login(locked, { ip })).res.status).toBe(429)

    expect((await login(other, { ip })).res.status).toBe(200)
    expect((await login(locked, { ip: '203.0.113.7' })).res.status).toBe(200)
  })

  test('the username is matched case-insensitively for the lock', async () => {
    const admin = await newAdmin('case-lock')
    const ip = '203.0.113.8'
    for (let i = 1; i <= 5; i++) await login({ username: 'CASE-LOCK', password: 'wrong password' }, { ip })
    expect((await login(admin, { ip })).res.status).toBe(429)
  })

  test('a successful login forgets earlier failures', async () => {
    const admin = await newAdmin('forgets')
    const ip = '203.0.113.9'
    const wrong = { username: admin.username, password: 'wrong password' }
    for (let i = 1; i <= 4; i++) await login(wrong, { ip })
    expect((await login(admin, { ip })).res.status).toBe(200)
    // Four more failures would have locked without the reset; they only answer 401.
    for (let i = 1; i <= 4; i++) expect((await login(wrong, { ip })).res.status).toBe(401)
  })

  test('more than 100 sign-in attempts in an hour from one address answer 429 with Retry-After', async () => {
    const admin = await newAdmin('busy-network')
    const ip = '203.0.113.100'
    const key = `login-ip:${await throttleAddress(t.database.db, ip)}`
    for (let i = 0; i < 100; i++) await t.services.throttle.hit(key, HOUR)

    const refused = await login(admin, { ip })
    expect(refused.res.status).toBe(429)
    expect(refused.body.message).toMatch(/Try again in \d+ minutes?/)
    const retryAfter = Number(refused.res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(refused.setCookie).toBe('')

    expect((await login(admin, { ip: '203.0.113.101' })).res.status).toBe(200)
  })
})

describe.each([
  ['MemoryThrottle', () => new MemoryThrottle()],
  ['SqlThrottle', () => new SqlThrottle(t.database.db)],
] as const)('%s lock-outs', (_name, make: () => Throttle) => {
  const t0 = new Date('2030-01-01T00:00:00Z')
  const at = (ms: number) => new Date(t0.getTime() + ms)
  const failTimes = async (throttle: Throttle, key: string, times: number, now: Date) => {
    let last: Date | null = null
    for (let i = 0; i < times; i++) last = await throttle.fail(key, 5, 15 * MINUTE, now)
    return last
  }

  test('four failures do not lock; the fifth locks for 15 minutes', async () => {
    const throttle = make()
    const key = `grow-a-${_name}`
    expect(await failTimes(throttle, key, 4, t0)).toBeNull()
    expect(await throttle.lockedUntil(key, t0)).toBeNull()
    expect(await throttle.fail(key, 5, 15 * MINUTE, t0)).toEqual(at(15 * MINUTE))
    expect(await throttle.lockedUntil(key, at(14 * MINUTE))).toEqual(at(15 * MINUTE))
    expect(await throttle.lockedUntil(key, at(15 * MINUTE))).toBeNull()
  })

  test('each further lock-out doubles: 15, then 30, then 60 minutes', async () => {
    const throttle = make()
    const key = `grow-b-${_name}`
    expect(await failTimes(throttle, key, 5, t0)).toEqual(at(15 * MINUTE))
    const second = at(20 * MINUTE)
    expect(await failTimes(throttle, key, 5, second)).toEqual(at(20 * MINUTE + 30 * MINUTE))
    const third = at(60 * MINUTE)
    expect(await failTimes(throttle, key, 5, third)).toEqual(at(60 * MINUTE + 60 * MINUTE))
  })

  test('the lock never grows past 24 hours', async () => {
    const throttle = make()
    const key = `grow-c-${_name}`
    const lengths: number[] = []
    let now = t0
    for (let round = 0; round < 9; round++) {
      const until = (await failTimes(throttle, key, 5, now)) as Date
      lengths.push((until.getTime() - now.getTime()) / MINUTE)
      now = new Date(until.getTime() + MINUTE)
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440])
  })

  test('clear forgets failures and lock-outs, so the next lock is 15 minutes again', async () => {
    const throttle = make()
    const key = `grow-d-${_name}`
    await failTimes(throttle, key, 5, t0)
    await throttle.clear(key)
    expect(await throttle.lockedUntil(key, t0)).toBeNull()
    expect(await failTimes(throttle, key, 5, at(MINUTE))).toEqual(at(MINUTE + 15 * MINUTE))
  })

  test('pruning keeps the level of a growing lock-out, and forgets it a day after the last lock ended', async () => {
    const throttle = make()
    const key = `grow-e-${_name}`
    expect(await failTimes(throttle, key, 4, t0)).toBeNull()
    expect(await throttle.fail(key, 5, 15 * MINUTE, at(23 * HOUR))).toEqual(at(23 * HOUR + 15 * MINUTE))
    // The first failure is over a day old and the lock has ended, but the next lock must still double.
    await throttle.prune?.(at(25 * HOUR))
    expect(await failTimes(throttle, key, 5, at(25 * HOUR))).toEqual(at(25 * HOUR + 30 * MINUTE))

    const dayAfterSecondLock = 25 * HOUR + 30 * MINUTE + DAY
    await throttle.prune?.(at(dayAfterSecondLock + MINUTE))
    expect(await failTimes(throttle, key, 5, at(dayAfterSecondLock + MINUTE))).toEqual(
      at(dayAfterSecondLock + MINUTE + 15 * MINUTE),
    )
  })

  test('hit counts within a window and starts again at 1 when the window ends', async () => {
    const throttle = make()
    const key = `window-${_name}`
    expect(await throttle.hit(key, HOUR, t0)).toEqual({ count: 1, resetAt: at(HOUR) })
    expect(await throttle.hit(key, HOUR, at(59 * MINUTE))).toEqual({ count: 2, resetAt: at(HOUR) })
    expect(await throttle.hit(key, HOUR, at(HOUR))).toEqual({ count: 1, resetAt: at(2 * HOUR) })
  })
})

describe('sessions (service)', () => {
  const t0 = new Date('2031-06-01T12:00:00Z')
  const days = (n: number) => new Date(t0.getTime() + n * DAY)

  test('a session unused for 7 days has expired', async () => {
    const admin = await newAdmin('idle-user')
    const never = await createSession(t.database.db, admin.id, t0)
    expect(await resolveSession(t.database.db, never, new Date(t0.getTime() + SESSION_IDLE_MS + 1))).toBeNull()

    const weekly = await createSession(t.database.db, admin.id, t0)
    expect((await resolveSession(t.database.db, weekly, days(6)))?.userId).toBe(admin.id)
    // Each use restarts the idle clock: six days after the last use it is still alive.
    expect((await resolveSession(t.database.db, weekly, days(12)))?.userId).toBe(admin.id)
    expect(await resolveSession(t.database.db, weekly, new Date(days(12).getTime() + SESSION_IDLE_MS + 1))).toBeNull()
  })

  test('a session used every day still ends 30 days after login', async () => {
    const admin = await newAdmin('daily-user')
    const token = await createSession(t.database.db, admin.id, t0)
    for (let day = 1; day < 30; day++) {
      expect((await resolveSession(t.database.db, token, days(day)))?.userId).toBe(admin.id)
    }
    expect((await resolveSession(t.database.db, token, new Date(t0.getTime() + SESSION_ABSOLUTE_MS - 1)))?.userId).toBe(
      admin.id,
    )
    expect(await resolveSession(t.database.db, token, days(30))).toBeNull()
  })

  test('purgeExpiredSessions deletes idle and past-absolute sessions and keeps live ones', async () => {
    const admin = await newAdmin('purge-user')
    const now = new Date()
    const idle = await createSession(t.database.db, admin.id, new Date(now.getTime() - 8 * DAY))
    const tooOld = await createSession(t.database.db, admin.id, new Date(now.getTime() - 31 * DAY))
    const live = await createSession(t.database.db, admin.id, now)

    expect(await purgeExpiredSessions(t.database.db, now)).toBeGreaterThanOrEqual(2)
    const left = await t.database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, admin.id))
    const sha = (token: string) => createHash('sha256').update(token).digest('hex')
    expect(left.map((r) => r.tokenHash)).toEqual([sha(live)])
    expect(await resolveSession(t.database.db, idle, now)).toBeNull()
    expect(await resolveSession(t.database.db, tooOld, now)).toBeNull()
    expect((await resolveSession(t.database.db, live, now))?.userId).toBe(admin.id)
  })

  test('only the SHA-256 of the token is stored, never the token itself', async () => {
    const admin = await newAdmin('hash-user')
    const token = await createSession(t.database.db, admin.id)
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  test('destroySession ends the session at once', async () => {
    const admin = await newAdmin('destroy-user')
    const token = await createSession(t.database.db, admin.id)
    await destroySession(t.database.db, token)
    expect(await resolveSession(t.database.db, token)).toBeNull()
  })
})

describe('admin endpoints without a session', () => {
  test.each([
    ['POST', '/api/blog'],
    ['PUT', '/api/blog/1'],
    ['DELETE', '/api/blog/1'],
    ['POST', '/api/blog/1/publish'],
    ['POST', '/api/blog/1/unpublish'],
    ['POST', '/api/blog/upload-image'],
    ['GET', '/api/admin/contact-submissions'],
  ])('%s %s answers 401 with the error body', async (method, path) => {
    const body = method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined
    const res = await t.app.request(path, json(method, body))
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    const payload = (await res.json()) as any
    expect(payload.error).toEqual(expect.any(String))
    expect(payload.fields).toEqual({})
  })

  test('an expired session cookie is treated as no session', async () => {
    const admin = await newAdmin('expired-cookie')
    const token = await createSession(t.database.db, admin.id, new Date(Date.now() - 31 * DAY))
    const res = await t.app.request('/api/admin/contact-submissions', json('GET', undefined, `vq_session=${token}`))
    expect(res.status).toBe(401)
  })
})

describe('passwords', () => {
  test('two hashes of one password differ (a fresh salt each time) and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')])
    expect(a).not.toBe(b)
    expect(await verifyPassword('same password', a)).toBe(true)
    expect(await verifyPassword('same password', b)).toBe(true)
  })

  test('a wrong password does not verify, nor does a malformed stored hash', async () => {
    const stored = await hashPassword('the real one')
    expect(await verifyPassword('the real on', stored)).toBe(false)
    expect(await verifyPassword('the real one', 'the real one')).toBe(false)
    expect(await verifyPassword('the real one', 'scrypt$0$0$0$$')).toBe(false)
  })

  test('the stored string never contains the password', async () => {
    const password = 'plain-text-should-not-leak'
    const stored = await hashPassword(password)
    expect(stored).not.toContain(password)
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    const admin = await newAdmin('stored-user', password)
    const res = await login(admin, { ip: '198.51.100.99' })
    expect(res.res.status).toBe(200)
  })

  test('a new hash costs scrypt N = 2^17 (OWASP minimum), r = 8, p = 1', async () => {
    expect((await hashPassword('cost check')).split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1'])
  })

  test('a hash of the old cost (2^15) still signs in and is re-hashed at 2^17; a wrong password changes nothing', async () => {
    const password = 'an old-cost password'
    const salt = randomBytes(16)
    const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
    const oldHash = ['scrypt', 32_768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
    const [user] = await t.database.db
      .insert(users)
      .values({ username: 'old-cost-user', password: oldHash })
      .returning({ id: users.id })
    const stored = async () =>
      (
        await t.database.db
          .select({ password: users.password })
          .from(users)
          .where(eq(users.id, user?.id ?? 0))
      )[0]?.password ?? ''

    expect(
      (await login({ username: 'old-cost-user', password: 'not it at all' }, { ip: '198.51.100.120' })).res.status,
    ).toBe(401)
    expect(await stored()).toBe(oldHash)

    expect((await login({ username: 'old-cost-user', password }, { ip: '198.51.100.121' })).res.status).toBe(200)
    const upgraded = await stored()
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword(password, upgraded)).toBe(true)
    expect((await login({ username: 'old-cost-user', password }, { ip: '198.51.100.122' })).res.status).toBe(200)
    expect(await stored()).toBe(upgraded)
  })
})

test('sign-in counters in rate_limits are keyed by a hash: no row holds the IP (issue 27)', async () => {
  // The shared counters of a PostgreSQL deployment, on either test database.
  const memory = t.services.throttle
  t.services.throttle = new SqlThrottle(t.database.db)
  try {
    const ip = '198.51.100.78'
    const admin = await newAdmin('hashed-ip')
    for (let i = 0; i < 3; i++) await login({ username: admin.username, password: 'wrong password' }, { ip })
    const rows = await t.database.db.select().from(rateLimits)
    expect(rows.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^login-ip:[0-9a-f]{16}$/),
        expect.stringMatching(/^login:.*:[0-9a-f]{16}$/),
      ]),
    )
    expect(JSON.stringify(rows)).not.toContain(ip)
  } finally {
    t.services.throttle = memory
  }
})
