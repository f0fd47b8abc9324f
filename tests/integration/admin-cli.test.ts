import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openPglite } from '#server/db/client.ts'
import { createTestApp, json } from '#tests/helpers/app.ts'
import { runCli } from '#tests/helpers/run-cli.ts'

// Each run of the CLI opens and migrates a PGlite folder on disk: seconds, more on a busy machine.
const SLOW = 180_000

let dataDir: string
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vq-admin-cli-'))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** `npm run admin -- …args` on the temporary data folder, as an operator would type it. */
function admin(args: string[], env: Record<string, string> = {}) {
  return runCli('npm', ['run', 'admin', '--', ...args], dataDir, env)
}

type App = Awaited<ReturnType<typeof createTestApp>>['app']

/** Runs `use` with the API on the data folder the CLI wrote (the CLI has exited and let it go). */
async function withApi<T>(use: (app: App) => Promise<T>) {
  const t = await createTestApp({}, await openPglite(path.join(dataDir, 'pglite')))
  try {
    return await use(t.app)
  } finally {
    await t.close()
  }
}

const login = (app: App, username: string, password: string) =>
  app.request('/api/admin/login', json('POST', { username, password }))
const isAuthenticated = async (app: App, cookie: string) =>
  ((await (await app.request('/api/admin/status', json('GET', undefined, cookie))).json()) as any).isAuthenticated

describe('npm run admin', () => {
  let generated: string
  let cookie: string

  test(
    'create prints the new account and a generated password once, and that password signs in through the API',
    async () => {
      const { code, stdout } = await admin(['create', 'ops.lead'])
      expect(code).toBe(0)
      // Issue 28: the first account of a database is its owner.
      expect(stdout).toContain('Created owner "ops.lead".\n')
      const shown = /^Password \(shown once\): (\S+)$/m.exec(stdout)?.[1]
      expect(shown).toMatch(/^[A-Za-z0-9]{24}$/)
      generated = shown as string

      await withApi(async (app) => {
        expect((await login(app, 'ops.lead', 'not-the-password')).status).toBe(401)
        const res = await login(app, 'ops.lead', generated)
        expect([res.status, await res.json()]).toMatchObject([200, { success: true }])
        cookie = /vq_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] as string
        expect(await isAuthenticated(app, cookie)).toBe(true)
      })
    },
    SLOW,
  )

  test(
    'reset-password takes ADMIN_PASSWORD, prints no password, and signs the admin out everywhere',
    async () => {
      const { code, stdout } = await admin(['reset-password', 'ops.lead'], {
        ADMIN_USERNAME: 'ops.lead',
        ADMIN_PASSWORD: 'a new long passphrase',
      })
      expect(code).toBe(0)
      expect(stdout).toContain('Password reset for "ops.lead"; their sessions were signed out.\n')
      expect(stdout).not.toContain('Password (shown once)')
      expect(stdout).not.toContain('a new long passphrase')

      await withApi(async (app) => {
        expect(await isAuthenticated(app, cookie)).toBe(false)
        expect((await login(app, 'ops.lead', generated)).status).toBe(401)
        expect((await login(app, 'ops.lead', 'a new long passphrase')).status).toBe(200)
      })
    },
    SLOW,
  )

  test(
    "reset-2fa turns off an account's two-factor sign-in: the password alone signs in again",
    async () => {
      await withApi(async (app) => {
        const cookie = (await login(app, 'ops.lead', 'a new long passphrase')).headers.get('set-cookie')?.split(';')[0]
        const setup = (await (
          await app.request('/api/admin/two-factor/setup', json('POST', undefined, cookie))
        ).json()) as any
        const code = await generate({ secret: setup.secret })
        expect((await app.request('/api/admin/two-factor/enable', json('POST', { code }, cookie))).status).toBe(200)
        expect(((await (await login(app, 'ops.lead', 'a new long passphrase')).json()) as any).success).toBe(false)
      })
      const { code, stdout } = await admin(['reset-2fa', 'ops.lead'])
      expect(code).toBe(0)
      expect(stdout).toContain('Two-factor sign-in reset for "ops.lead"')
      await withApi(async (app) => {
        expect(((await (await login(app, 'ops.lead', 'a new long passphrase')).json()) as any).success).toBe(true)
      })
      expect((await admin(['reset-2fa', 'nobody.here'])).code).toBe(1)
    },
    SLOW,
  )

  test(
    'a short ADMIN_PASSWORD, a missing username and an unknown command are refused before the database is opened',
    async () => {
      const [short, missing, unknown] = await Promise.all([
        admin(['create', 'someone'], { ADMIN_USERNAME: 'someone', ADMIN_PASSWORD: 'short-pass' }),
        admin(['create']),
        admin(['delete', 'ops.lead']),
      ])
      expect([short.code, missing.code, unknown.code]).toEqual([2, 2, 2])
      expect(short.stderr).toContain('ADMIN_PASSWORD must be at least 12 characters')
      expect(short.stderr).not.toContain('short-pass')
      const usage =
        'Usage: npm run admin -- create <username> [--role contributor|author|editor|administrator|owner]\n' +
        '       npm run admin -- reset-password <username>\n'
      expect(missing.stderr).toContain(usage)
      expect(unknown.stderr).toContain(usage)
      expect([short.stdout, missing.stdout, unknown.stdout].join('')).not.toMatch(/Created|Password/)
    },
    SLOW,
  )

  test(
    '--role gives a later account its role, which /api/admin/me answers; an unknown role is refused',
    async () => {
      const bad = await admin(['create', 'someone', '--role', 'superuser'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('--role goes with create and is one of: contributor, author, editor')
      const { code, stdout } = await admin(['create', 'free.lancer', '--role', 'contributor'], {
        ADMIN_USERNAME: 'free.lancer',
        ADMIN_PASSWORD: 'a freelancer passphrase',
      })
      expect(code).toBe(0)
      expect(stdout).toContain('Created contributor "free.lancer".\n')
      await withApi(async (app) => {
        const res = await login(app, 'free.lancer', 'a freelancer passphrase')
        const session = /vq_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] as string
        const me = await (await app.request('/api/admin/me', json('GET', undefined, session))).json()
        expect(me).toEqual({
          id: expect.any(Number),
          name: 'free.lancer',
          email: null,
          role: 'contributor',
          permissions: ['draft'],
          twoFactor: false,
          twoFactorSetupRequired: false,
        })
      })
    },
    SLOW,
  )
})
