import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { activityLog, twoFactor, twoFactorChallenges, users } from '#server/db/schema.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import { open, SecretBoxError, seal } from '#server/services/secret-box.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

// Issue 28: two-factor sign-in with TOTP. Codes are computed here with otplib from the key the
// set-up shows, as an authenticator app would. A code is good once, so each use takes the current
// time step or the next one (both inside the server's window of one step either side).

let t: TestApp
let seq = 0
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true })
  await createUser(t.database.db, 'the.owner', 'owner long enough password') // the first account
})
afterAll(() => t.close())

const PASSWORD = 'a long enough passphrase'
const now = () => Math.floor(Date.now() / 1000)
/** The code of this time step (`step` 0) or the next (1). */
const codeFor = (secret: string, step = 0) => generate({ secret, epoch: now() + step * 30 })

async function person(role: 'administrator' | 'editor' | 'author' = 'editor') {
  seq += 1
  const username = `two.${role}.${seq}`
  const user = await createUser(t.database.db, username, PASSWORD, role)
  if (!user) throw new Error('exists')
  const ip = `198.51.100.${seq}`
  const cookie = `vq_session=${await createSession(t.database.db, user.id)}`
  const call = async (method: string, url: string, body?: unknown, as = cookie) => {
    const res = await t.app.request(url, json(method, body, as, { 'x-forwarded-for': ip }))
    return { status: res.status, body: (await res.json()) as any, setCookie: res.headers.get('set-cookie') ?? '' }
  }
  return { id: user.id, username, cookie, ip, call }
}
type Person = Awaited<ReturnType<typeof person>>

/** Set-up and confirmation with the current code; answers the manual key and the recovery codes. */
async function enrol(p: Person) {
  const setup = await p.call('POST', '/api/admin/two-factor/setup')
  expect(setup.status).toBe(200)
  const enabled = await p.call('POST', '/api/admin/two-factor/enable', { code: await codeFor(setup.body.secret) })
  expect(enabled.status).toBe(200)
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] }
}

/** The password step, signed out: answers the challenge. */
async function password(p: Person, given = PASSWORD) {
  return p.call('POST', '/api/admin/login', { username: p.username, password: given }, '')
}
const secondStep = (p: Person, challenge: string, code: string) =>
  p.call('POST', '/api/admin/login/two-factor', { challenge, code }, '')

async function kinds(userId: number) {
  const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.objectId, userId))
  return rows.filter((r) => r.kind.startsWith('two-factor.') || r.kind.startsWith('sign-in')).map((r) => r.kind)
}

describe('enrolment', () => {
  test('set-up shows a key and a QR code, a code from the key turns it on, and 10 recovery codes are shown once', async () => {
    const p = await person()
    expect((await p.call('GET', '/api/admin/two-factor')).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    })
    const setup = await p.call('POST', '/api/admin/two-factor/setup')
    expect(setup.status).toBe(200)
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/VidQuest:two\.editor\.\d+\?/)
    expect(setup.body.qr).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(setup.body.qr.split(',')[1], 'base64').toString()).toContain('<svg')

    // Not on until a code comes back: a wrong one is refused, and logged.
    const wrong = await p.call('POST', '/api/admin/two-factor/enable', { code: '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields.code).toMatch(/not right/)
    expect((await p.call('GET', '/api/admin/two-factor')).body.enabled).toBe(false)
    expect((await p.call('POST', '/api/admin/two-factor/enable', { code: 'abc' })).status).toBe(400)

    const enabled = await p.call('POST', '/api/admin/two-factor/enable', { code: await codeFor(setup.body.secret) })
    expect(enabled.status).toBe(200)
    const codes = enabled.body.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const status = (await p.call('GET', '/api/admin/two-factor')).body
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect((await p.call('GET', '/api/admin/me')).body.twoFactor).toBe(true)

    // A second set-up while it is on is refused: the working key is not replaced by accident.
    expect((await p.call('POST', '/api/admin/two-factor/setup')).status).toBe(409)
    expect(await kinds(p.id)).toEqual(['two-factor.failed', 'two-factor.enable'])
  })

  test('the secret is encrypted at rest: the column holds neither the key nor its hash, and opens only with the key', async () => {
    const p = await person()
    const { secret } = await enrol(p)
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, p.id))
    expect(row?.secret).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(row?.secret).not.toContain(secret)
    expect(row?.secret.toLowerCase()).not.toContain(secret.toLowerCase().slice(0, 8))
    expect(open(t.services.secretKey, row?.secret as string)).toBe(secret)
    expect(() => open(Buffer.alloc(32, 7), row?.secret as string)).toThrow(SecretBoxError)
    // Sealing twice gives two different texts (a fresh IV each time).
    expect(seal(t.services.secretKey, secret)).not.toBe(seal(t.services.secretKey, secret))
  })

  test('the staff list shows who has two-factor sign-in on', async () => {
    const admin = await person('administrator')
    const on = await person('author')
    await enrol(on)
    const list = (await admin.call('GET', '/api/admin/staff')).body.staff as { id: number; twoFactor: boolean }[]
    expect(list.find((s) => s.id === on.id)?.twoFactor).toBe(true)
    expect(list.find((s) => s.id === admin.id)?.twoFactor).toBe(false)
  })
})

describe('sign-in with a code', () => {
  test('a right password opens no session until the code is right; the challenge is good once', async () => {
    const p = await person()
    const { secret } = await enrol(p)
    const first = await password(p)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ success: false, message: 'Enter the 6-digit code from your authenticator app.' })
    expect(first.body.twoFactor.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.setCookie).toBe('')
    // Only the challenge's hash is kept.
    const stored = await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, p.id))
    expect(stored.map((r) => r.tokenHash)).not.toContain(first.body.twoFactor.challenge)

    const code = await codeFor(secret, 1)
    const second = await secondStep(p, first.body.twoFactor.challenge, code)
    expect(second.status).toBe(200)
    expect(second.body).toEqual({ success: true, message: 'Login successful.' })
    const session = second.setCookie.split(';')[0] as string
    expect(session).toMatch(/^vq_session=/)
    expect((await p.call('GET', '/api/admin/status', undefined, session)).body.isAuthenticated).toBe(true)

    // The challenge is spent, and the same code does not open a second sign-in (replay).
    expect((await secondStep(p, first.body.twoFactor.challenge, code)).status).toBe(401)
    const again = await password(p)
    const replay = await secondStep(p, again.body.twoFactor.challenge, code)
    expect(replay.status).toBe(401)
    expect(replay.setCookie).toBe('')
    expect(await kinds(p.id)).toEqual(['two-factor.enable', 'sign-in', 'two-factor.failed'])
  })

  test('a challenge older than 5 minutes is refused', async () => {
    const p = await person()
    const { secret } = await enrol(p)
    const { body } = await password(p)
    await t.database.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.userId, p.id))
    const late = await secondStep(p, body.twoFactor.challenge, await codeFor(secret, 1))
    expect(late.status).toBe(401)
    expect(late.body.message).toBe('This sign-in has expired. Enter your username and password again.')
    expect(late.setCookie).toBe('')
  })

  test('a recovery code signs in once', async () => {
    const p = await person()
    const { recoveryCodes } = await enrol(p)
    const code = recoveryCodes[3] as string
    const first = await password(p)
    // Typed in capitals with spaces: still the code.
    const ok = await secondStep(p, first.body.twoFactor.challenge, ` ${code.toUpperCase()} `)
    expect(ok.status).toBe(200)
    const session = ok.setCookie.split(';')[0] as string
    expect((await p.call('GET', '/api/admin/two-factor', undefined, session)).body.recoveryCodesLeft).toBe(9)

    const again = await password(p)
    const reused = await secondStep(p, again.body.twoFactor.challenge, code)
    expect(reused.status).toBe(401)
    expect(reused.setCookie).toBe('')
    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.objectId, p.id), eq(activityLog.kind, 'sign-in')))
    expect(rows.map((r) => r.detail)).toEqual(['with a recovery code'])
  })

  test('wrong codes count against the sign-in lock-out, and a right password in between does not forgive them', async () => {
    const p = await person()
    const { secret } = await enrol(p)
    let challenge = (await password(p)).body.twoFactor.challenge
    for (let i = 0; i < 2; i++) expect((await secondStep(p, challenge, '111111')).status).toBe(401)
    // The password again: a new challenge, but the two failures stand.
    challenge = (await password(p)).body.twoFactor.challenge
    expect((await secondStep(p, challenge, '222222')).status).toBe(401)
    expect((await secondStep(p, challenge, 'aaaaa-bbbbb')).status).toBe(401)
    const fifth = await secondStep(p, challenge, '333333')
    expect(fifth.status).toBe(429)
    expect(fifth.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.')
    // Locked: the challenge is gone, the right code opens nothing, nor does the right password.
    const late = await secondStep(p, challenge, await codeFor(secret, 1))
    expect(late.status).toBe(401)
    expect(late.setCookie).toBe('')
    expect((await password(p)).status).toBe(429)
    const failed = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.objectId, p.id), eq(activityLog.kind, 'two-factor.failed')))
    expect(failed.map((r) => r.detail)).toEqual([
      'wrong code at sign-in',
      'wrong code at sign-in',
      'wrong code at sign-in',
      'wrong code at sign-in',
      'wrong code at sign-in, now locked',
    ])
  })

  test('an account without two-factor sign-in still signs in with the password alone', async () => {
    const p = await person()
    const res = await password(p)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Login successful.' })
  })

  test('a malformed code or challenge answers 400', async () => {
    const p = await person()
    expect((await p.call('POST', '/api/admin/login/two-factor', { challenge: 'x', code: '123456' }, '')).status).toBe(
      400,
    )
    expect((await p.call('POST', '/api/admin/login/two-factor', { challenge: 'a'.repeat(43) }, '')).status).toBe(400)
  })
})

describe('turning off, new recovery codes, reset', () => {
  test('turning off needs a current code or the password; wrong ones are counted and logged', async () => {
    const p = await person()
    const { secret } = await enrol(p)
    const wrong = await p.call('POST', '/api/admin/two-factor/disable', { password: 'not my password' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields.password).toBe('That password is not right.')
    expect((await p.call('POST', '/api/admin/two-factor/disable', {})).status).toBe(400)
    expect((await p.call('GET', '/api/admin/two-factor')).body.enabled).toBe(true)

    const off = await p.call('POST', '/api/admin/two-factor/disable', { code: await codeFor(secret, 1) })
    expect(off.status).toBe(200)
    expect(off.body.enabled).toBe(false)
    // Signing in needs the password only again.
    expect((await password(p)).body.success).toBe(true)
    expect(await kinds(p.id)).toEqual(['two-factor.enable', 'two-factor.failed', 'two-factor.disable', 'sign-in'])
  })

  test('new recovery codes replace the old ones', async () => {
    const p = await person()
    const { recoveryCodes: old } = await enrol(p)
    const fresh = await p.call('POST', '/api/admin/two-factor/recovery-codes', { password: PASSWORD })
    expect(fresh.status).toBe(200)
    expect(fresh.body.recoveryCodes).toHaveLength(10)
    const challenge = (await password(p)).body.twoFactor.challenge
    expect((await secondStep(p, challenge, old[0] as string)).status).toBe(401)
    expect((await secondStep(p, challenge, fresh.body.recoveryCodes[0])).status).toBe(200)
    expect(await kinds(p.id)).toContain('two-factor.recovery-codes')
  })

  test("an Administrator resets someone's two-factor sign-in (a lost phone); an Editor cannot, nor the owner's", async () => {
    const admin = await person('administrator')
    const editor = await person('editor')
    const lost = await person('author')
    await enrol(lost)
    expect((await editor.call('DELETE', `/api/admin/staff/${lost.id}/two-factor`)).status).toBe(403)
    const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'the.owner'))
    expect((await admin.call('DELETE', `/api/admin/staff/${owner?.id}/two-factor`)).status).toBe(403)
    const reset = await admin.call('DELETE', `/api/admin/staff/${lost.id}/two-factor`)
    expect(reset.status).toBe(200)
    expect((await lost.call('GET', '/api/admin/two-factor')).body.enabled).toBe(false)
    expect((await admin.call('DELETE', `/api/admin/staff/${lost.id}/two-factor`)).status).toBe(409)
    expect((await admin.call('DELETE', '/api/admin/staff/999999/two-factor')).status).toBe(404)
    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.objectId, lost.id), eq(activityLog.kind, 'two-factor.reset')))
    expect(rows.map((r) => [r.username, r.objectLabel])).toEqual([[admin.username, lost.username]])
  })
})

describe('required for everyone', () => {
  test('an Administrator requires it; until then others reach only the set-up, then everything again', async () => {
    const admin = await person('administrator')
    const editor = await person('editor')
    // Not before the Administrator has it: requiring it would lock them out.
    expect((await admin.call('PUT', '/api/admin/two-factor/policy', { required: true })).status).toBe(409)
    await enrol(admin)
    expect((await editor.call('PUT', '/api/admin/two-factor/policy', { required: true })).status).toBe(403)
    expect((await admin.call('PUT', '/api/admin/two-factor/policy', { required: 'yes' })).status).toBe(400)
    const on = await admin.call('PUT', '/api/admin/two-factor/policy', { required: true })
    expect(on.status).toBe(200)
    expect(on.body.required).toBe(true)
    try {
      const refused = await editor.call('GET', '/api/admin/staff')
      expect(refused.status).toBe(403)
      expect(refused.body.error).toBe(
        'This site requires two-factor sign-in: set it up under Security (/admin/security) before doing anything else.',
      )
      expect((await editor.call('GET', '/api/calendar?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z')).status).toBe(
        403,
      )
      const me = await editor.call('GET', '/api/admin/me')
      expect(me.status).toBe(200)
      expect(me.body).toMatchObject({ twoFactor: false, twoFactorSetupRequired: true })
      expect((await editor.call('GET', '/api/admin/two-factor')).body.required).toBe(true)
      // The set-up itself is open; once done, everything the role may do is again.
      await enrol(editor)
      expect((await editor.call('GET', '/api/admin/staff')).status).toBe(200)
      expect((await editor.call('GET', '/api/admin/me')).body.twoFactorSetupRequired).toBe(false)
      // The Administrator, with it on, is not held back.
      expect((await admin.call('GET', '/api/admin/staff')).status).toBe(200)
    } finally {
      expect((await admin.call('PUT', '/api/admin/two-factor/policy', { required: false })).status).toBe(200)
    }
    const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.kind, 'two-factor.required'))
    expect(rows.map((r) => [r.username, r.detail])).toEqual([
      [admin.username, 'required for everyone'],
      [admin.username, 'optional'],
    ])
  })
})

describe('the key', () => {
  test('without SECRET_KEY a key is generated at the first start, kept beside the data, and used again', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-key-'))
    try {
      const dataDir = path.join(dir, 'data')
      const first = loadSecretKey({ secretKey: undefined, dataDir })
      const file = path.join(dataDir, 'secret-key')
      expect(existsSync(file)).toBe(true)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(readFileSync(file, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(loadSecretKey({ secretKey: undefined, dataDir })).toEqual(first)
      expect(first).toHaveLength(32)
      // SECRET_KEY, when set, wins over the file.
      const set = loadSecretKey({ secretKey: 'x'.repeat(40), dataDir })
      expect(set).not.toEqual(first)
      expect(loadSecretKey({ secretKey: 'x'.repeat(40), dataDir: path.join(dir, 'other') })).toEqual(set)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
