import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import type { InvitationCreated, StaffList } from '#common/contract/staff.ts'
import type { SmtpAnswer } from '#tests/fixtures/smtp.ts'
import { TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { callApi, signIn } from '#tests/helpers/live-server.ts'
import { mailServerLives } from '#tests/helpers/mail-server-lives.ts'
import type { TestServer } from '#tests/helpers/server-process.ts'
import { until } from '#tests/helpers/wait.ts'

// Issue 28 (docs/decisions/055-mail.md): an invitation email goes out exactly once across kill -9.
// Real server processes send through a real SMTP server that holds its answer to a message; the
// server is killed with SIGKILL while it waits for that answer (mid-send: the message is not
// delivered, since the sender never got its 250), and started again on the same data. After the
// cycles every invited address has exactly one email, and the staff list says 'sent' for each.
// Issue 30's subscriber confirmation (060) is sent by the same claim and is held to the same.
const CYCLES = 4
const INVITED = 5

describe(`kill -9 while invitation emails are being sent (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const lives = mailServerLives('mail_crash', {
    MAIL_FROM: 'VidQuest <team@example.com>',
    CONTACT_MESSAGES_PER_IP: '100',
  })

  test(`${INVITED} invitations, ${CYCLES} kills mid-send: every address gets exactly one email`, async () => {
    // Every message waits for the test's word. Those of a killed server are never answered (its
    // connection is gone); those of the last life are accepted at the end.
    const { smtp } = lives
    let held: (() => void)[] = []
    let holding = true
    smtp.answer = () =>
      holding ? new Promise<SmtpAnswer>((resolve) => held.push(() => resolve(undefined))) : undefined

    let offeredBefore = smtp.offered
    let server = await lives.next()
    const cookie = await signIn(server.url)
    const emails = Array.from({ length: INVITED }, (_, i) => `crash-${i}-${randomBytes(3).toString('hex')}@example.com`)
    const links = new Map<string, string>()
    for (const email of emails) {
      const { status, body } = await callApi(server.url, cookie, 'POST', '/api/admin/staff/invitations', {
        email,
        role: 'author',
      })
      expect(status).toBe(201)
      expect((body as InvitationCreated).emailed).toBe(true)
      links.set(email, (body as InvitationCreated).link)
    }

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      // Once this life has a message on the wire, kill it before the SMTP server answers.
      await smtp.waitForOffers(offeredBefore + 1, 30_000)
      server = await lives.next()
      held = []
      offeredBefore = smtp.offered
    }
    expect(smtp.received).toHaveLength(0)

    // The last life sends everything, at once (the dead run's own job takes its claim back).
    holding = false
    for (const accept of held) accept()
    const me = await signIn(server.url)
    const list = await until(
      'every invitation emailed',
      async () => {
        const { body } = await callApi((server as TestServer).url, me, 'GET', '/api/admin/staff')
        const invitations = (body as StaffList).invitations.filter((i) => emails.includes(i.email))
        return invitations.every((i) => i.mail === 'sent') ? invitations : undefined
      },
      60_000,
    )
    expect(list).toHaveLength(INVITED)

    const perAddress = new Map<string, number>()
    for (const { to } of smtp.received) for (const a of to) perAddress.set(a, (perAddress.get(a) ?? 0) + 1)
    expect(Object.fromEntries(perAddress)).toEqual(Object.fromEntries(emails.map((e) => [e, 1])))
    // Each carries its own link, the one shown to the inviter (on this life's port), and it opens.
    for (const { to, mail } of smtp.received) {
      const token = new URL(links.get(to[0] as string) as string).pathname
      expect(mail.text).toContain(`${server.url}${token}`)
      const view = await fetch(`${server.url}/api/admin/invitations/${token.split('/').pop()}`)
      expect(await view.json()).toMatchObject({ email: to[0], role: 'author' })
    }
    // Nothing more arrives later (no second run of a dead claim).
    await new Promise((r) => setTimeout(r, 3_000))
    expect(smtp.received).toHaveLength(INVITED)
  }, 300_000)

  test(`${INVITED} subscribers, ${CYCLES} kills mid-send: every address gets exactly one confirmation that works`, async () => {
    const { smtp } = lives
    let held: (() => void)[] = []
    let holding = true
    smtp.answer = () =>
      holding ? new Promise<SmtpAnswer>((resolve) => held.push(() => resolve(undefined))) : undefined
    const receivedBefore = smtp.received.length
    let offeredBefore = smtp.offered
    let server = await lives.next()
    const emails = Array.from(
      { length: INVITED },
      (_, i) => `reader-${i}-${randomBytes(3).toString('hex')}@example.com`,
    )
    for (const email of emails) {
      const { status } = await callApi(server.url, '', 'POST', '/api/subscribers', { email, consent: true })
      expect(status).toBe(202)
    }
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await smtp.waitForOffers(offeredBefore + 1, 30_000)
      server = await lives.next()
      held = []
      offeredBefore = smtp.offered
    }
    expect(smtp.received.length).toBe(receivedBefore)
    holding = false
    for (const accept of held) accept()
    const mine = () => smtp.received.filter((m) => emails.includes(m.to[0] as string))
    await until('every confirmation emailed', async () => (mine().length >= INVITED ? true : undefined), 60_000)
    // Nothing more arrives later (no second run of a dead claim).
    await new Promise((r) => setTimeout(r, 3_000))
    const perAddress = new Map<string, number>()
    for (const { to } of mine()) for (const a of to) perAddress.set(a, (perAddress.get(a) ?? 0) + 1)
    expect(Object.fromEntries(perAddress)).toEqual(Object.fromEntries(emails.map((e) => [e, 1])))
    for (const { mail } of mine()) {
      const token = /\/subscribe\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1]
      const { status, body } = await callApi((server as TestServer).url, '', 'POST', '/api/subscribers/confirm', {
        token,
      })
      expect([status, body]).toEqual([200, { state: 'confirmed' }])
    }
  }, 300_000)
})
