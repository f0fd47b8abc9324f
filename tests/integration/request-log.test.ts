import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

const USER = { username: 'log-watcher', password: 'a passphrase nobody may log' }

let t: TestApp
/** Every line the app's logger writes, as written (pino's JSON text). */
let lines: string[] = []

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    pages: async () => {
      throw new Error('page renderer failed')
    },
  })
  t.services.logger = createLogger('info', { write: (line: string) => void lines.push(line) })
  await createUser(t.database.db, USER.username, USER.password)
})
afterAll(() => t.close())
beforeEach(() => {
  lines = []
})

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

describe('request log', () => {
  test('every request writes one JSON line with its request id, the one answered in X-Request-Id', async () => {
    const res = await t.app.request('/api/blog?published=true')
    const given = await t.app.request('/api/blog', { headers: { 'x-request-id': 'proxy-42' } })
    expect(given.headers.get('x-request-id')).toBe('proxy-42')
    const entries = parsed().filter((e) => e.msg === 'request')
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'info',
        reqId: res.headers.get('x-request-id'),
        method: 'GET',
        path: '/api/blog',
        status: 200,
        ms: expect.any(Number),
      }),
      expect.objectContaining({ reqId: 'proxy-42', path: '/api/blog', status: 200 }),
    ])
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('lines written while handling a request carry its id, errors included', async () => {
    const failed = await t.app.request('/api/admin/login', json('POST', { username: USER.username, password: 'wrong' }))
    const crashed = await t.app.request('/some/page')
    expect([failed.status, crashed.status]).toEqual([401, 500])
    const byId = (id: string | null) => parsed().filter((e) => e.reqId === id)
    expect(byId(failed.headers.get('x-request-id')).map((e) => e.msg)).toEqual(['admin login failed', 'request'])
    expect(byId(crashed.headers.get('x-request-id'))).toEqual([
      expect.objectContaining({ level: 'error', msg: 'unhandled error' }),
      expect.objectContaining({ msg: 'request', status: 500 }),
    ])
  })

  test('no line holds a password, a cookie, a session token or an authorization header', async () => {
    const secrets = [USER.password, 'wrong-password-typed-by-hand', 'Bearer api-secret-value', 'query-secret-value']
    await t.app.request(
      '/api/admin/login',
      json('POST', { username: USER.username, password: 'wrong-password-typed-by-hand' }),
    )
    const login = await t.app.request('/api/admin/login', json('POST', USER))
    expect(login.status).toBe(200)
    const token = /vq_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
    expect(token).toMatch(/\S{20,}/)
    secrets.push(token as string)
    const cookie = `vq_session=${token}; theme=cookie-secret-value`
    secrets.push('cookie-secret-value')
    await t.app.request(
      '/api/admin/status',
      json('GET', undefined, cookie, { authorization: 'Bearer api-secret-value' }),
    )
    await t.app.request('/api/blog?token=query-secret-value', json('GET', undefined, cookie))
    await t.app.request('/admin/blog', { headers: { cookie } })
    await t.app.request('/api/admin/logout', json('POST', undefined, cookie))

    expect(parsed().filter((e) => e.msg === 'request')).toHaveLength(6)
    const written = lines.join('')
    for (const secret of secrets) expect(written).not.toContain(secret)
    expect(written).not.toContain(token?.slice(0, 16))
  })
})
