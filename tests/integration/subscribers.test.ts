import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Job } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SUBSCRIBE_ANSWER_MS } from '#server/api/subscribers.ts'
import type { Database } from '#server/db/client.ts'
import { subscribers } from '#server/db/schema.ts'
import type { RunningJobs } from '#server/jobs/queue.ts'
import { subscriberConfirmationJob } from '#server/jobs/subscriber-confirmation.ts'
import type { DueJob } from '#server/services/job-queue.ts'
import { manageToken, subscribe } from '#server/services/subscribers.ts'
import { mailThrough, startTestSmtp, type TestSmtp } from '#tests/fixtures/smtp.ts'
import { createTestApp, json, type TestApp } from '#tests/helpers/app.ts'
import { createTestDatabase } from '#tests/helpers/db.ts'
import { jobStates, until } from '#tests/helpers/wait.ts'

// Issue 30, slice A (docs/decisions/060-subscribers.md): subscribing with double opt-in through a
// real SMTP server started here; one answer for every address; single-use, 48-hour confirmation
// links; a reader's own signed link to leave (RFC 8058 one-click) and come back.

const ANSWER = { success: true, message: 'Check your inbox: we sent you a link to confirm.' }

let smtp: TestSmtp
let database: Database
let a: TestApp
let noMail: TestApp
let key: Buffer
let ipCount = 0
/** A fresh client address: each test its own per-address limit. */
const freshIp = () => `198.51.100.${++ipCount}`

beforeAll(async () => {
  smtp = await startTestSmtp()
  database = await createTestDatabase()
  key = randomBytes(32)
  a = await createTestApp({ ...mailThrough(smtp), trustProxy: true }, database, { jobs: 'work', secretKey: key })
  noMail = await createTestApp({ mail: null, trustProxy: true }, database, { secretKey: key })
}, 60_000)

afterAll(async () => {
  await (a?.services.jobs as RunningJobs | undefined)?.stop()
  await a?.close()
  await smtp?.close()
})

async function subscribeAs(body: unknown, ip = freshIp(), app = a) {
  const start = performance.now()
  const res = await app.app.request('/api/subscribers', json('POST', body, undefined, { 'x-forwarded-for': ip }))
  const ms = performance.now() - start
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res, ms }
}

type Row = typeof subscribers.$inferSelect

const rowOf = async (email: string) =>
  (await database.db.select().from(subscribers).where(eq(subscribers.email, email)))[0]

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address))

/** The confirmation email's token once `n` emails reached `address` and the row says sent. */
async function nthConfirmation(address: string, n: number) {
  const mail = await until(`confirmation email ${n} to ${address}`, async () => mailsTo(address)[n - 1], 15_000)
  await until(`${address}'s confirmation to be marked sent`, async () =>
    (await rowOf(address))?.mailState === 'sent' ? true : undefined,
  )
  const link = /https?:\/\/\S+\/subscribe\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? '')
  expect(link).not.toBeNull()
  return { mail: mail.mail, link: link?.[0] as string, token: link?.[1] as string }
}

const confirmWith = async (token: unknown) => {
  const res = await a.app.request('/api/subscribers/confirm', json('POST', { token }))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('subscribing', () => {
  test('answers 202, emails one confirmation link, and the link confirms once', async () => {
    const email = 'reader.one@example.com'
    const { status, body } = await subscribeAs({
      email: 'Reader.One@Example.com',
      consent: true,
      form: 'post',
      attribution: { landingPath: '/blog/some-post', utmSource: 'linkedin', referrer: 'www.linkedin.com' },
    })
    expect(status).toBe(202)
    expect(body).toEqual(ANSWER)
    const stored = await rowOf(email)
    expect(stored?.state).toBe('pending')
    expect(stored?.consentForm).toBe('post')
    expect(stored?.consentVersion).toMatch(/\S/)
    expect(stored?.attribution).toMatchObject({ landingPath: '/blog/some-post', utmSource: 'linkedin' })
    expect(stored?.confirmExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 47.9 * 3600_000)

    const { mail, link, token } = await nthConfirmation(email, 1)
    expect(mail.subject).toBe('Confirm your subscription to the VidQuest blog')
    expect(link.startsWith(`${a.services.config.publicUrl}/subscribe/confirm?token=`)).toBe(true)
    expect(mail.html).toContain(`href="${link}"`)
    expect(mail.messageId).toMatch(/^<subscribe-\d+-[0-9a-f]{16}@/)
    // Only the hash is kept; the sealed copy is gone once sent.
    const sent = await rowOf(email)
    expect(sent?.mailToken).toBeNull()
    expect(sent?.confirmTokenHash).not.toContain(token)

    expect(await confirmWith(token)).toEqual({ status: 200, body: { state: 'confirmed' } })
    const confirmed = await rowOf(email)
    expect(confirmed?.state).toBe('confirmed')
    expect(confirmed?.confirmedAt).not.toBeNull()
    // Reused: refused, nothing changes.
    const again = await confirmWith(token)
    expect(again.status).toBe(400)
    expect(again.body.error).toMatch(/not valid or was already used/)
    expect(await rowOf(email)).toEqual(confirmed)
    await until('the confirmation job to settle', async () => {
      const states = await jobStates(database.db, 'subscriber-confirmation', confirmed?.id as number)
      return states.length > 0 && states.every((s) => s === 'completed') ? true : undefined
    })
    expect(mailsTo(email)).toHaveLength(1)
  })

  test('gives the same answer for a new, pending, confirmed, unsubscribed address and a honeypot', async () => {
    const email = 'same.answer@example.com'
    const answers = [await subscribeAs({ email, consent: true })]
    const first = await nthConfirmation(email, 1)
    // Pending, within 10 minutes: same answer, no second email, the first link still works.
    answers.push(await subscribeAs({ email, consent: true }))
    expect(await confirmWith(first.token)).toEqual({ status: 200, body: { state: 'confirmed' } })
    // Confirmed: same answer, nothing sent, still confirmed.
    answers.push(await subscribeAs({ email, consent: true }))
    expect((await rowOf(email))?.state).toBe('confirmed')
    // Unsubscribed: same answer, back to pending with a new confirmation email.
    const row = await rowOf(email)
    const left = await a.app.request(
      `/api/subscribers/unsubscribe?token=${manageToken(key, row as { id: number; email: string })}`,
      { method: 'POST' },
    )
    expect(left.status).toBe(200)
    answers.push(await subscribeAs({ email, consent: true, form: 'blog' }))
    expect((await rowOf(email))?.state).toBe('pending')
    const second = await nthConfirmation(email, 2)
    expect(second.token).not.toBe(first.token)
    // A filled honeypot: same answer, no row.
    answers.push(await subscribeAs({ email: 'bot@example.com', consent: true, website: 'http://spam.example' }))
    expect(await rowOf('bot@example.com')).toBeUndefined()

    for (const answer of answers) {
      expect(answer.status).toBe(202)
      expect(answer.body).toEqual(ANSWER)
      // Each took at least the floor, so a known address answers no faster than a new one.
      expect(answer.ms).toBeGreaterThanOrEqual(SUBSCRIBE_ANSWER_MS - 1)
    }
    expect(new Set(await Promise.all(answers.map((x) => x.res.headers.get('content-type'))))).toHaveProperty('size', 1)
    expect(mailsTo(email)).toHaveLength(2)
    expect(mailsTo('bot@example.com')).toHaveLength(0)
  })

  test('a pending address gets a new link after 10 minutes, and the older link stops working', async () => {
    const email = 'again.later@example.com'
    await subscribeAs({ email, consent: true })
    const first = await nthConfirmation(email, 1)
    // Issued 11 minutes ago.
    await database.db
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() + 48 * 3600_000 - 11 * 60_000) })
      .where(eq(subscribers.email, email))
    expect((await subscribeAs({ email, consent: true })).status).toBe(202)
    const second = await nthConfirmation(email, 2)
    expect(second.token).not.toBe(first.token)
    expect(second.mail.messageId).not.toBe(first.mail.messageId)
    expect((await confirmWith(first.token)).status).toBe(400)
    expect((await rowOf(email))?.state).toBe('pending')
    expect(await confirmWith(second.token)).toEqual({ status: 200, body: { state: 'confirmed' } })
  })

  test('forged and expired confirmation links are refused and change nothing', async () => {
    const email = 'expired@example.com'
    await subscribeAs({ email, consent: true })
    const { token } = await nthConfirmation(email, 1)
    const forged = await confirmWith(randomBytes(32).toString('base64url'))
    expect(forged.status).toBe(400)
    expect(forged.body.fields).toHaveProperty('token')
    for (const bad of ['', 42, null, 'x'.repeat(500)]) expect((await confirmWith(bad)).status).toBe(400)
    await database.db
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscribers.email, email))
    const before = await rowOf(email)
    const expired = await confirmWith(token)
    expect(expired.status).toBe(400)
    expect(expired.body.error).toMatch(/expired/)
    expect(await rowOf(email)).toEqual(before)
  })

  test('refuses bad bodies with field errors and keeps no row', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'no.consent@example.com' }, 'consent'],
      [{ email: 'no.consent@example.com', consent: false }, 'consent'],
      [{ email: 'no.consent@example.com', consent: 'yes' }, 'consent'],
      [{ email: 'not an address', consent: true }, 'email'],
      [{ consent: true }, 'email'],
      [{ email: 'no.consent@example.com', consent: true, form: 'popup' }, 'form'],
      [{ email: 'no.consent@example.com', consent: true, attribution: { postId: 'x' } }, 'attribution.postId'],
    ]
    for (const [body, field] of cases) {
      const { status, body: answer } = await subscribeAs(body)
      expect(status, JSON.stringify(body)).toBe(400)
      expect(answer.success).toBe(false)
      expect(
        Object.keys(answer.fields as object).some((f) => f.startsWith(field)),
        JSON.stringify(answer),
      ).toBe(true)
    }
    const { body } = await subscribeAs({ email: 'x@example.com', consent: false })
    expect((body.fields as Record<string, string>).consent).toBe('Please confirm you want the emails')
    const raw = await a.app.request(
      '/api/subscribers',
      json('POST', '{"email":', undefined, { 'x-forwarded-for': freshIp() }),
    )
    expect(raw.status).toBe(400)
    expect(await rowOf('no.consent@example.com')).toBeUndefined()
  })

  test('answers 429 with the wait in words past the per-address limit; another address is fine', async () => {
    const ip = freshIp()
    const limit = a.services.config.contactMessagesPerIp
    for (let i = 0; i < limit; i++)
      expect((await subscribeAs({ email: `limit${i}@example.com`, consent: true }, ip)).status).toBe(202)
    const over = await subscribeAs({ email: 'limit.over@example.com', consent: true }, ip)
    expect(over.status).toBe(429)
    expect(over.body.error).toMatch(
      /^You have tried several times in a short time\. Please try again in \d+ minutes?\.$/,
    )
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await rowOf('limit.over@example.com')).toBeUndefined()
    expect((await subscribeAs({ email: 'limit.over@example.com', consent: true })).status).toBe(202)
  })

  test('without mail set up: the same 202, the row kept with nothing to send', async () => {
    const { status, body } = await subscribeAs({ email: 'no.mail@example.com', consent: true }, freshIp(), noMail)
    expect(status).toBe(202)
    expect(body).toEqual(ANSWER)
    const row = await rowOf('no.mail@example.com')
    expect(row?.state).toBe('pending')
    expect(row?.mailState).toBeNull()
    expect(row?.mailToken).toBeNull()
  })
})

describe('the confirmation email', () => {
  const context = (queue = a.services.jobs) => ({
    database,
    config: a.services.config,
    logger: a.services.logger,
    queue,
    secretKey: () => key,
  })

  test('is sent once even when its job runs again, twice at once, after it was sent', async () => {
    const email = 'twice@example.com'
    await subscribeAs({ email, consent: true })
    await nthConfirmation(email, 1)
    const id = (await rowOf(email))?.id as number
    const job = { id: 'again', data: { id, at: new Date().toISOString() }, retryCount: 0 }
    const definition = subscriberConfirmationJob(a.services.config)
    await Promise.all([definition.run(job as Job<DueJob>, context()), definition.run(job as Job<DueJob>, context())])
    expect(mailsTo(email)).toHaveLength(1)
  })

  test('is not sent when the reader left before its turn', async () => {
    // Queued by hand (no worker sees it): the job is run here, as the queue would.
    const queue = { ready: async () => {}, enqueue: async () => {} }
    const email = 'left.early@example.com'
    const outcome = await subscribe(
      { db: database.db, throttle: a.services.throttle, perAddress: 100, mail: { key, queue } },
      freshIp(),
      { email, consent: true, form: 'landing' },
    )
    expect(outcome).toEqual({ kind: 'subscribed', emailed: true })
    const row = await rowOf(email)
    expect(row?.mailState).toBe('queued')
    const left = await a.app.request(`/api/subscribers/unsubscribe?token=${manageToken(key, row as Row)}`, {
      method: 'POST',
    })
    expect(left.status).toBe(200)
    const job = { id: 'late', data: { id: row?.id as number, at: new Date().toISOString() }, retryCount: 0 }
    await subscriberConfirmationJob(a.services.config).run(job as Job<DueJob>, context(queue))
    expect(mailsTo(email)).toHaveLength(0)
    expect((await rowOf(email))?.mailState).toBe('failed')
  })

  test('a temporary refusal (451) is retried and delivered once', async () => {
    const email = 'retried@example.com'
    const first = smtp.offered + 1
    smtp.answer = (n) => (n === first ? { code: 451, message: '451 4.3.0 Try again later' } : undefined)
    try {
      await subscribeAs({ email, consent: true })
      await smtp.waitForOffers(first + 1, 20_000)
      const { token } = await nthConfirmation(email, 1)
      expect(mailsTo(email)).toHaveLength(1)
      expect(await confirmWith(token)).toEqual({ status: 200, body: { state: 'confirmed' } })
    } finally {
      smtp.answer = () => undefined
    }
  }, 30_000)
})

describe("a reader's own link", () => {
  async function confirmedReader(email: string) {
    await subscribeAs({ email, consent: true })
    const { token } = await nthConfirmation(email, 1)
    expect((await confirmWith(token)).status).toBe(200)
    const row = await rowOf(email)
    return manageToken(key, row as { id: number; email: string })
  }

  test('shows the masked address and state; a forged or malformed token shows nothing', async () => {
    const token = await confirmedReader('alice@example.com')
    const me = await a.app.request(`/api/subscribers/me?token=${token}`)
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ email: 'a***@example.com', state: 'confirmed' })
    const [id] = token.split('.')
    for (const bad of [`${id}.${randomBytes(32).toString('base64url')}`, 'nonsense', `99999.${token.split('.')[1]}`]) {
      const res = await a.app.request(`/api/subscribers/me?token=${encodeURIComponent(bad)}`)
      expect(res.status).toBe(404)
    }
    expect((await a.app.request('/api/subscribers/me')).status).toBe(400)
  })

  test('one-click unsubscribe (RFC 8058) works from a mail provider without Origin or session; a forged one changes nothing', async () => {
    const email = 'one.click@example.com'
    const token = await confirmedReader(email)
    const before = await rowOf(email)
    const forged = await a.app.request(`/api/subscribers/unsubscribe?token=${token.split('.')[0]}.${'A'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(forged.status).toBe(404)
    expect(await rowOf(email)).toEqual(before)

    const res = await a.app.request(`/api/subscribers/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ state: 'unsubscribed' })
    const left = await rowOf(email)
    expect(left?.state).toBe('unsubscribed')
    expect(left?.unsubscribedAt).not.toBeNull()

    // Posted by a web mail client's page: cross-site, with its own Origin. Still one click.
    const other = await confirmedReader('webmail@example.com')
    const cross = await a.app.request(`/api/subscribers/unsubscribe?token=${other}`, {
      method: 'POST',
      headers: {
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(cross.status).toBe(200)
    expect((await rowOf('webmail@example.com'))?.state).toBe('unsubscribed')
    // Only this path: another subscribers endpoint posted cross-site is still refused.
    const elsewhere = await a.app.request(`/api/subscribers/resubscribe?token=${other}`, {
      method: 'POST',
      headers: { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
    })
    expect(elsewhere.status).toBe(403)
  })

  test('resubscribe: confirmed again if confirmed before; else pending with a new confirmation email', async () => {
    const email = 'comes.back@example.com'
    const token = await confirmedReader(email)
    await a.app.request(`/api/subscribers/unsubscribe?token=${token}`, { method: 'POST' })
    const back = await a.app.request(`/api/subscribers/resubscribe?token=${token}`, { method: 'POST' })
    expect(back.status).toBe(200)
    expect(await back.json()).toEqual({ state: 'confirmed' })
    expect((await rowOf(email))?.state).toBe('confirmed')
    expect(mailsTo(email)).toHaveLength(1)

    // Never confirmed: left while pending, comes back pending with a new link emailed.
    const never = 'never.confirmed@example.com'
    await subscribeAs({ email: never, consent: true })
    await nthConfirmation(never, 1)
    const neverToken = manageToken(key, (await rowOf(never)) as { id: number; email: string })
    await a.app.request(`/api/subscribers/unsubscribe?token=${neverToken}`, { method: 'POST' })
    expect((await rowOf(never))?.confirmTokenHash).toBeNull()
    const res = await a.app.request(`/api/subscribers/resubscribe?token=${neverToken}`, { method: 'POST' })
    expect(await res.json()).toEqual({ state: 'pending' })
    const { token: confirmToken } = await nthConfirmation(never, 2)
    expect(await confirmWith(confirmToken)).toEqual({ status: 200, body: { state: 'confirmed' } })

    const forged = await a.app.request(`/api/subscribers/resubscribe?token=1.${'B'.repeat(43)}`, { method: 'POST' })
    expect(forged.status).toBe(404)
  })
})
