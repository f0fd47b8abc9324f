import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { activityLog, staffInvitations, users } from '#server/db/schema.ts'
import { createSession } from '#server/services/sessions.ts'
import { createUser } from '#server/services/users.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'

// Issue 28, staff: invitations (single use, 7 days), role changes and suspension, and who may.

let t: TestApp
const cookie: Record<string, string> = {}
const PASSWORD = 'a long enough passphrase'

beforeAll(async () => {
  t = await createTestApp()
  for (const role of ['owner', 'administrator', 'editor', 'author'] as const) {
    const user = await createUser(t.database.db, `team.${role}`, PASSWORD, role)
    cookie[role] = `vq_session=${await createSession(t.database.db, user?.id as number)}`
  }
})
afterAll(() => t?.close())

const call = (who: string | null, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, who ? cookie[who] : undefined))

async function invite(who: string, email: string, role: string) {
  const res = await call(who, 'POST', '/api/admin/staff/invitations', { email, role })
  return {
    res,
    body: (await res.json()) as {
      link?: string
      emailed?: boolean
      error?: string
      invitation?: { id: number; mail: string | null }
    },
  }
}
const tokenOf = (link: string) => link.split('/').pop() as string

describe('invitations', () => {
  test('an invitation link shows its address and role once, makes the account with the chosen name and password, and signs the person in', async () => {
    const { res, body } = await invite('owner', 'Dana@Example.com', 'editor')
    expect(res.status).toBe(201)
    expect(body.link).toMatch(/^http:\/\/localhost:\d+\/admin\/invite\/[A-Za-z0-9_-]{43}$/)
    // No SMTP_URL here: the inviter sends the link (tests/integration/invitation-email.test.ts emails it).
    expect(body.emailed).toBe(false)
    expect(body.invitation?.mail).toBeNull()
    const token = tokenOf(body.link as string)
    // Only the hash is stored.
    const [row] = await t.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'dana@example.com'))
    expect(row?.tokenHash).not.toContain(token)

    expect(await (await call(null, 'GET', `/api/admin/invitations/${token}`)).json()).toEqual({
      email: 'dana@example.com',
      role: 'editor',
    })
    const weak = await call(null, 'POST', `/api/admin/invitations/${token}/accept`, { name: 'Dana', password: 'short' })
    expect(weak.status).toBe(400)
    const accepted = await call(null, 'POST', `/api/admin/invitations/${token}/accept`, {
      name: 'Dana Editor',
      password: PASSWORD,
    })
    expect(accepted.status).toBe(201)
    const session = /vq_session=[^;]+/.exec(accepted.headers.get('set-cookie') ?? '')?.[0] as string
    const me = await (await t.app.request('/api/admin/me', json('GET', undefined, session))).json()
    expect(me).toMatchObject({ name: 'Dana Editor', email: 'dana@example.com', role: 'editor' })
    const signIn = await t.app.request(
      '/api/admin/login',
      json('POST', { username: 'dana@example.com', password: PASSWORD }),
    )
    expect(signIn.status).toBe(200)

    // Used: a clear answer, and no second account.
    const again = await call(null, 'POST', `/api/admin/invitations/${token}/accept`, {
      name: 'Eve',
      password: PASSWORD,
    })
    expect(again.status).toBe(410)
    expect(((await again.json()) as { error: string }).error).toBe(
      'This invitation has already been used. Sign in instead.',
    )
    expect((await t.database.db.select().from(users).where(eq(users.username, 'dana@example.com'))).length).toBe(1)
  })

  test('an expired or withdrawn invitation opens nothing', async () => {
    const expired = await invite('administrator', 'late@example.com', 'author')
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, 'late@example.com'))
    const late = await call(null, 'GET', `/api/admin/invitations/${tokenOf(expired.body.link as string)}`)
    expect([late.status, ((await late.json()) as { error: string }).error]).toEqual([
      410,
      'This invitation has expired. Ask for a new one.',
    ])
    const withdrawn = await invite('editor', 'gone@example.com', 'contributor')
    expect(
      (await call('editor', 'DELETE', `/api/admin/staff/invitations/${withdrawn.body.invitation?.id}`)).status,
    ).toBe(200)
    const token = tokenOf(withdrawn.body.link as string)
    const res = await call(null, 'POST', `/api/admin/invitations/${token}/accept`, { name: 'Gone', password: PASSWORD })
    expect(res.status).toBe(410)
    expect((await t.database.db.select().from(users).where(eq(users.username, 'gone@example.com'))).length).toBe(0)
    expect((await call(null, 'GET', '/api/admin/invitations/not-a-token')).status).toBe(400)
  })

  test('Editors invite Authors and Contributors only; nobody invites an owner; an address on the staff is refused', async () => {
    expect((await invite('editor', 'boss@example.com', 'administrator')).res.status).toBe(403)
    expect((await invite('editor', 'writer@example.com', 'author')).res.status).toBe(201)
    expect((await invite('owner', 'heir@example.com', 'owner')).res.status).toBe(403)
    expect((await invite('author', 'friend@example.com', 'contributor')).res.status).toBe(403)
    expect((await invite('owner', 'not an address', 'author')).res.status).toBe(400)
    const taken = await invite('owner', 'dana@example.com', 'author')
    expect(taken.res.status).toBe(409)
  })
})

describe('roles and suspension', () => {
  test('the staff list shows each person with role, last sign-in and 2FA, and open invitations; Authors may not see it', async () => {
    const res = await call('administrator', 'GET', '/api/admin/staff')
    expect(res.status).toBe(200)
    const list = (await res.json()) as {
      staff: { username: string; role: string; lastSignInAt: string | null }[]
      invitations: { email: string }[]
    }
    expect(list.staff.find((s) => s.username === 'team.owner')).toMatchObject({ role: 'owner', twoFactor: false })
    expect(list.staff.find((s) => s.username === 'team.editor')?.lastSignInAt).not.toBeNull()
    expect(list.invitations.map((i) => i.email)).toContain('writer@example.com')
    expect((await call('author', 'GET', '/api/admin/staff')).status).toBe(403)
  })

  test('suspending signs the person out at once; restoring lets them sign in again; the owner and oneself are out of reach', async () => {
    const user = await createUser(t.database.db, 'team.freelancer', PASSWORD, 'contributor')
    const id = user?.id as number
    const theirs = `vq_session=${await createSession(t.database.db, id)}`
    expect((await t.app.request('/api/admin/me', json('GET', undefined, theirs))).status).toBe(200)

    expect((await call('editor', 'PATCH', `/api/admin/staff/${id}`, { suspended: true })).status).toBe(403)
    const suspended = await call('administrator', 'PATCH', `/api/admin/staff/${id}`, { suspended: true })
    expect(suspended.status).toBe(200)
    expect(((await suspended.json()) as { member: { suspended: boolean } }).member.suspended).toBe(true)
    expect((await t.app.request('/api/admin/me', json('GET', undefined, theirs))).status).toBe(401)
    const login = () =>
      t.app.request('/api/admin/login', json('POST', { username: 'team.freelancer', password: PASSWORD }))
    expect((await login()).status).toBe(403)

    expect(
      (await call('administrator', 'PATCH', `/api/admin/staff/${id}`, { suspended: false, role: 'author' })).status,
    ).toBe(200)
    expect((await login()).status).toBe(200)

    const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'team.owner'))
    const demote = await call('administrator', 'PATCH', `/api/admin/staff/${owner?.id}`, { role: 'editor' })
    expect([demote.status, ((await demote.json()) as { error: string }).error]).toEqual([
      403,
      'The owner cannot be suspended or demoted by anyone else.',
    ])
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'team.administrator'))
    expect((await call('administrator', 'PATCH', `/api/admin/staff/${admin?.id}`, { suspended: true })).status).toBe(
      403,
    )
    expect((await call('owner', 'PATCH', `/api/admin/staff/${id}`, { role: 'owner' })).status).toBe(403)
    expect((await call('owner', 'PATCH', `/api/admin/staff/${id}`, {})).status).toBe(400)
    expect((await call('owner', 'PATCH', '/api/admin/staff/999999', { role: 'author' })).status).toBe(404)

    // Each change is one row of the activity log, by whom and about whom; refusals leave none.
    const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.objectId, id))
    expect(rows.filter((r) => r.kind.startsWith('staff.')).map((r) => [r.kind, r.username, r.detail])).toEqual([
      ['staff.suspend', 'team.administrator', 'suspended'],
      ['staff.role', 'team.administrator', 'to Author'],
      ['staff.suspend', 'team.administrator', 'restored'],
    ])
  })

  test('only the owner hands ownership over; the new owner is the one owner and the former one an Administrator', async () => {
    const heir = await createUser(t.database.db, 'team.heir', PASSWORD, 'editor')
    const id = heir?.id as number
    for (const who of ['administrator', 'editor', 'author']) {
      const refused = await call(who, 'POST', `/api/admin/staff/${id}/transfer-ownership`)
      expect(refused.status).toBe(403)
    }
    expect(
      (
        (await (await call('administrator', 'POST', `/api/admin/staff/${id}/transfer-ownership`)).json()) as {
          error: string
        }
      ).error,
    ).toBe('Your role (Administrator) cannot transfer ownership.')
    const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'team.owner'))
    expect((await call('owner', 'POST', `/api/admin/staff/${owner?.id}/transfer-ownership`)).status).toBe(403)
    const handed = await call('owner', 'POST', `/api/admin/staff/${id}/transfer-ownership`)
    expect(handed.status).toBe(200)
    const roles = await t.database.db.select({ username: users.username, role: users.role }).from(users)
    expect(roles.filter((r) => r.role === 'owner')).toEqual([{ username: 'team.heir', role: 'owner' }])
    expect(roles.find((r) => r.username === 'team.owner')?.role).toBe('administrator')
    // Back as it was, for the tests after this one.
    const heirCookie = `vq_session=${await createSession(t.database.db, id)}`
    const back = await t.app.request(
      `/api/admin/staff/${owner?.id}/transfer-ownership`,
      json('POST', undefined, heirCookie),
    )
    expect(back.status).toBe(200)
  })
})
