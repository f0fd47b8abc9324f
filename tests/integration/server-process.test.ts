import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CATEGORIES } from '#common/limits.ts'
import { projectRoot } from '#server/paths.ts'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

// These tests run the real entry point (`node server/main.ts`) as a separate process.
beforeAll(async () => {
  await ensureSiteBuilt()
}, 120_000)

const noAdminEnv = { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }

describe('first start on an empty data folder', () => {
  let dataDir: string
  let server: TestServer
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vq-first-'))
    server = await startTestServer({ dataDir, env: { ...noAdminEnv, LOG_LEVEL: 'info' } })
  }, 90_000)
  afterAll(async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('prints a generated admin password once, with the login URL, and it signs in', async () => {
    const out = server.output()
    expect(out).toContain(`${server.url}/admin/login`)
    const password = /Password\s+(\S{24})/.exec(out)?.[1]
    expect(password).toBeDefined()
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/vq_session=/)
    // The structured log never carries the password or the session token.
    const token = /vq_session=([^;]+)/.exec(cookie)?.[1] as string
    const logLines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.some((l) => l.includes(password as string) || l.includes(token))).toBe(false)
  })

  test('seeds at least 6 sample posts across the four categories with a draft among them', async () => {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: /Password\s+(\S{24})/.exec(server.output())?.[1] }),
    })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string
    const posts = (await (await fetch(`${server.url}/api/blog`, { headers: { cookie } })).json()) as {
      category: string
      isPublished: boolean
    }[]
    expect(posts.length).toBeGreaterThanOrEqual(6)
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(CATEGORIES))
    expect(posts.some((p) => !p.isPublished)).toBe(true)
  })

  test('a second process on the same data folder refuses to start with a clear message', () => {
    const second = spawnSync(process.execPath, [path.join(projectRoot, 'server/main.ts')], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`The data directory ${dataDir} is in use by another process`)
  })

  test('/healthz answers 200 while the database answers', async () => {
    const res = await fetch(`${server.url}/healthz`)
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok' }])
  })
})

describe('restart and stop', () => {
  test('SIGTERM stops cleanly; a restart keeps the data, prints no new password and seeds nothing twice', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vq-restart-'))
    try {
      const first = await startTestServer({ dataDir, env: { ...noAdminEnv, LOG_LEVEL: 'info' } })
      const before = (await (await fetch(`${first.url}/api/blog`)).json()) as unknown[]
      expect(first.output()).toContain('Password')
      expect(await first.stop('SIGTERM')).toBe(0)
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

      const second = await startTestServer({ dataDir, env: { ...noAdminEnv, LOG_LEVEL: 'info' } })
      const after = (await (await fetch(`${second.url}/api/blog`)).json()) as unknown[]
      expect(after.length).toBe(before.length)
      expect(second.output()).not.toContain('Password')
      expect(await second.stop('SIGINT')).toBe(0)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)

  test('SEED_SAMPLE_CONTENT=false starts with an empty blog; ADMIN_USERNAME/ADMIN_PASSWORD make the admin', async () => {
    const server = await startTestServer({
      env: { SEED_SAMPLE_CONTENT: 'false', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a-very-long-password' },
    })
    try {
      expect(await (await fetch(`${server.url}/api/blog`)).json()).toEqual([])
      const res = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'owner', password: 'a-very-long-password' }),
      })
      expect(res.status).toBe(200)
      expect(server.output()).not.toContain('a-very-long-password')
    } finally {
      await server.stop()
    }
  }, 90_000)

  test('an invalid configuration stops the start with the variable named', () => {
    const run = spawnSync(process.execPath, [path.join(projectRoot, 'server/main.ts')], {
      env: { PATH: process.env.PATH, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('PORT')
  })
})
