import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Job } from 'pg-boss'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { InvitationCreated, StaffList } from '#common/contract/staff.ts'
import type { Database } from '#server/db/client.ts'
import { staffInvitations, users } from '#server/db/schema.ts'
import { invitationEmailJob } from '#server/jobs/invitation-email.ts'
import type { RunningJobs } from '#server/jobs/queue.ts'
import type { DueJob } from '#server/services/job-queue.ts'
import { createSession } from '#server/services/sessions.ts'
import { invite } from '#server/services/staff.ts'
import { createUser } from '#server/services/users.ts'
import { mailThrough, startTestSmtp, type TestSmtp } from '#tests/fixtures/smtp.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'
import { jobStates, until } from '#tests/helpers/wait.ts'

// Issue 28's last item (docs/decisions/055-mail.md): with SMTP_URL and MAIL_FROM an invitation is
// emailed, exactly once, through a real SMTP server started here; without them nothing is sent and
// the answer says so. A permanent refusal is recorded and not retried; a temporary one is retried.

const PASSWORD = 'a long enough passphrase'

let smtp: TestSmtp
let database: Database
let a: TestApp
let b: TestApp
let noMail: TestApp
let owner: string

beforeAll(async () => {
  smtp = await startTestSmtp()
  database = await createTestDatabase()
  const secretKey = randomBytes(32)
  const mailConfig = mailThrough(smtp)
  // Two instances of one site on one database, each with its own queue worker.
  a = await createTestApp(mailConfig, database, { jobs: 'work', secretKey })
  b = await createTestApp(mailConfig, database, { jobs: 'work', secretKey })
  // The same database without mail set up: no job queue at all, so a job it tried to add would fail.
  noMail = await createTestApp({ mail: null }, database, { secretKey })
  const user = await createUser(database.db, 'owner@example.com', PASSWORD, 'owner')
  await database.db
    .update(users)
    .set({ name: 'Olive Owner' })
    .where(eq(users.id, user?.id as number))
  owner = `vq_session=${await createSession(database.db, user?.id as number)}`
}, 60_000)

afterAll(async () => {
  await (b?.services.jobs as RunningJobs | undefined)?.stop()
  await a?.close()
  await smtp?.close()
})

afterEach(() => {
  smtp.answer = () => undefined
})

async function inviteBy(app: TestApp, email: string, role = 'author') {
  const res = await app.app.request('/api/admin/staff/invitations', json('POST', { email, role }, owner))
  expect(res.status).toBe(201)
  return (await res.json()) as InvitationCreated
}

const row = async (id: number) =>
  (await database.db.select().from(staffInvitations).where(eq(staffInvitations.id, id)))[0]

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address))

/** The job is done with (completed, no retry pending): nothing can send this email any more. */
const settled = (id: number) =>
  until(
    `the invitation-email job of ${id} to settle`,
    async () => {
      const states = await jobStates(database.db, 'invitation-email', id)
      return states.length > 0 && states.every((s) => s === 'completed') ? states : undefined
    },
    20_000,
  )

describe('the invitation email', () => {
  test('is received once with its To, From, subject and a link that makes the account', async () => {
    const created = await inviteBy(a, 'new.writer@example.com', 'editor')
    expect(created.emailed).toBe(true)
    expect(created.invitation.mail).toBe('queued')
    // The token is stored only sealed, never in plain text.
    const stored = await row(created.invitation.id)
    const token = created.link.split('/').pop() as string
    expect(stored?.mailToken).toMatch(/^v1\./)
    expect(stored?.mailToken).not.toContain(token)

    await smtp.waitForOffers(1)
    await until('the invitation to be marked sent', async () =>
      (await row(created.invitation.id))?.mailState === 'sent' ? true : undefined,
    )
    await settled(created.invitation.id)
    const [received, ...more] = mailsTo('new.writer@example.com')
    expect(more).toHaveLength(0)
    const mail = received?.mail
    expect(mail?.subject).toBe("You're invited to the VidQuest team")
    expect(mail?.from?.value).toEqual([{ name: 'VidQuest', address: 'news@example.com' }])
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('new.writer@example.com')
    expect(mail?.text).toContain('Olive Owner invited you to join the VidQuest team as an Editor.')
    expect(mail?.text).toContain(created.link)
    expect(mail?.text).toMatch(/until .* UTC/)
    expect(mail?.html).toContain(`href="${created.link}"`)
    // Once sent, the sealed token is gone from the row; the list says 'sent'.
    expect((await row(created.invitation.id))?.mailToken).toBeNull()
    const list = (await (await a.app.request('/api/admin/staff', json('GET', undefined, owner))).json()) as StaffList
    expect(list.invitations.find((i) => i.id === created.invitation.id)?.mail).toBe('sent')

    // The emailed link works: accepting it makes the account.
    const link = new URL(/https?:\/\/\S+\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] as string)
    const accepted = await a.app.request(
      `/api/admin/invitations/${link.pathname.split('/').pop()}/accept`,
      json('POST', { name: 'New Writer', password: PASSWORD }),
    )
    expect(accepted.status).toBe(201)
    const [user] = await database.db.select().from(users).where(eq(users.username, 'new.writer@example.com'))
    expect(user?.role).toBe('editor')
  })

  test('is sent once even when its job runs again, twice at once, after it was sent', async () => {
    const created = await inviteBy(b, 'twice@example.com')
    await smtp.waitForOffers(smtp.offered + 1)
    await settled(created.invitation.id)
    // A duplicate job on each instance (a retry after a crash, a second worker): the claim stops both.
    const job = { id: 'again', data: { id: created.invitation.id, at: new Date().toISOString() }, retryCount: 0 }
    const run = (app: TestApp) =>
      invitationEmailJob(app.services.config).run(job as Job<DueJob>, {
        database,
        config: app.services.config,
        logger: app.services.logger,
        queue: app.services.jobs,
        secretKey: () => app.services.secretKey,
      })
    await Promise.all([run(a), run(b)])
    expect(mailsTo('twice@example.com')).toHaveLength(1)
  })

  test('a run that died mid-send is waited for while its claim holds, then taken up and sent once', async () => {
    // Queued by hand (no worker sees it): the job is then run here, as pg-boss would after a crash.
    const added: { startAfter: Date }[] = []
    const queue = {
      ready: async () => {},
      enqueue: async (_tx: unknown, _name: string, _job: DueJob, startAfter: Date) => {
        added.push({ startAfter })
      },
    }
    const [staff] = await database.db.select().from(users).where(eq(users.username, 'owner@example.com'))
    const { invitation } = await invite(
      database.db,
      { userId: staff?.id as number, role: 'owner' },
      'lapsed@example.com',
      'author',
      {
        mail: { key: a.services.secretKey, queue },
      },
    )
    const claimedUntil = new Date(Date.now() + 60_000)
    await database.db
      .update(staffInvitations)
      .set({ mailClaimedUntil: claimedUntil })
      .where(eq(staffInvitations.id, invitation.id))
    const job = { id: 'given-back', data: { id: invitation.id, at: new Date().toISOString() }, retryCount: 1 }
    const context = {
      database,
      config: a.services.config,
      logger: a.services.logger,
      queue,
      secretKey: () => a.services.secretKey,
    }
    const definition = invitationEmailJob(a.services.config)
    // Held by a run that may still be sending: nothing sent, looked at again after the claim.
    await definition.run(job as Job<DueJob>, context)
    expect(mailsTo('lapsed@example.com')).toHaveLength(0)
    expect(added.slice(1).map((x) => x.startAfter.getTime())).toEqual([claimedUntil.getTime() + 1_000])
    // The claim lapsed (its run died): this run sends it, once.
    await database.db
      .update(staffInvitations)
      .set({ mailClaimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(staffInvitations.id, invitation.id))
    await definition.run(job as Job<DueJob>, context)
    await definition.run(job as Job<DueJob>, context)
    expect(mailsTo('lapsed@example.com')).toHaveLength(1)
    expect((await row(invitation.id))?.mailState).toBe('sent')
  })

  test('a permanent refusal (550) is recorded as undeliverable and not retried', async () => {
    smtp.answer = () => ({ code: 550, message: '550 5.1.1 No such mailbox here' })
    const before = smtp.offered
    const created = await inviteBy(a, 'nobody@example.com')
    await smtp.waitForOffers(before + 1)
    await until('the invitation to be marked failed', async () =>
      (await row(created.invitation.id))?.mailState === 'failed' ? true : undefined,
    )
    await settled(created.invitation.id)
    const stored = await row(created.invitation.id)
    expect(stored?.mailError).toContain('No such mailbox')
    expect(stored?.mailToken).toBeNull()
    expect(smtp.offered).toBe(before + 1)
    expect(mailsTo('nobody@example.com')).toHaveLength(0)
    const list = (await (await a.app.request('/api/admin/staff', json('GET', undefined, owner))).json()) as StaffList
    expect(list.invitations.find((i) => i.id === created.invitation.id)?.mail).toBe('failed')
  })

  test('a temporary refusal (451) once is retried and delivered once', async () => {
    const before = smtp.offered
    smtp.answer = (n) => (n === before + 1 ? { code: 451, message: '451 4.3.0 Try again later' } : undefined)
    const created = await inviteBy(a, 'later@example.com')
    await smtp.waitForOffers(before + 1)
    expect((await row(created.invitation.id))?.mailState).toBe('queued')
    await smtp.waitForOffers(before + 2)
    await until('the invitation to be marked sent', async () =>
      (await row(created.invitation.id))?.mailState === 'sent' ? true : undefined,
    )
    await settled(created.invitation.id)
    expect(mailsTo('later@example.com')).toHaveLength(1)
    expect(smtp.offered).toBe(before + 2)
  })
})

describe('without SMTP_URL', () => {
  test('the answer says emailed: false, and nothing is queued or sent', async () => {
    const before = smtp.offered
    const created = await inviteBy(noMail, 'by.hand@example.com')
    expect(created.emailed).toBe(false)
    expect(created.invitation.mail).toBeNull()
    expect(created.link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/)
    const stored = await row(created.invitation.id)
    expect(stored?.mailState).toBeNull()
    expect(stored?.mailToken).toBeNull()
    expect(await jobStates(database.db, 'invitation-email', created.invitation.id)).toEqual([])
    expect(smtp.offered).toBe(before)
  })
})
