import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { NewsletterListItem } from '#common/contract/newsletters.ts'
import type { SubscriberImportResult } from '#common/contract/subscribers.ts'
import { type SmtpAnswer, startTestSmtp, type TestSmtp } from '#tests/fixtures/smtp.ts'
import { createScratchDatabase, dropScratchDatabase, TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { callApi, signIn } from '#tests/helpers/live-server.ts'
import { mailEnv, mailServerLives } from '#tests/helpers/mail-server-lives.ts'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import { until } from '#tests/helpers/wait.ts'

// Issue 30, "Done when" (docs/decisions/061-newsletters.md): 1,000 confirmed subscribers and one
// newsletter; the sending server is killed with -9 twice while an email is on the wire (the SMTP
// server holds its answer, so that email was not delivered), and started again on the same data.
// Every subscriber gets exactly one email, counted per address at the SMTP server. On PostgreSQL
// the same with two instances: the one that is sending dies, the other carries on.
const READERS = 1_000
/** The emails (numbered as the SMTP servers are offered them) whose sender is killed mid-send. */
const KILL_AT = [300, 650]

const serverEnv = (smtp: TestSmtp) => ({
  ...mailEnv(smtp),
  // One run may send them all: the kills, not the rate, cut the send.
  MAIL_RATE_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
})

/**
 * The SMTP servers' answers: every email is accepted at once but those numbered in KILL_AT (over
 * every server), which are held until their sender dies. Resolves `killHere` with the server held.
 */
function holdAt(servers: TestSmtp[]) {
  let offered = 0
  const held: { at: number; smtp: TestSmtp }[] = []
  const waiters: ((h: { at: number; smtp: TestSmtp }) => void)[] = []
  for (const smtp of servers) {
    smtp.answer = () => {
      offered += 1
      if (!KILL_AT.includes(offered)) return undefined
      const hold = { at: offered, smtp }
      held.push(hold)
      waiters.shift()?.(hold)
      // Never answered: the sender is killed while it waits.
      return new Promise<SmtpAnswer>(() => {})
    }
  }
  return {
    /** The next held email (in order). */
    next: () =>
      new Promise<{ at: number; smtp: TestSmtp }>((resolve, reject) => {
        const ready = held.shift()
        if (ready) return resolve(ready)
        const timer = setTimeout(() => reject(new Error(`no email held after ${offered} offered`)), 120_000)
        waiters.push((h) => {
          clearTimeout(timer)
          held.splice(held.indexOf(h), 1)
          resolve(h)
        })
      }),
  }
}

function perAddress(servers: TestSmtp[], emails: string[]) {
  const mine = new Set(emails)
  const count = new Map<string, number>()
  for (const smtp of servers)
    for (const { to } of smtp.received) for (const a of to) if (mine.has(a)) count.set(a, (count.get(a) ?? 0) + 1)
  const wrong = emails.filter((e) => count.get(e) !== 1).map((e) => `${e}: ${count.get(e) ?? 0}`)
  return { delivered: [...count.values()].reduce((a, b) => a + b, 0), wrong }
}

/** 1,000 confirmed readers by the admin import, a live post, and its newsletter started. */
async function readersAndNewsletter(url: string, cookie: string, tag: string) {
  const emails = Array.from({ length: READERS }, (_, i) => `reader-${tag}-${i}@example.com`)
  const imported = await callApi(url, cookie, 'POST', '/api/admin/subscribers/import', {
    csv: `email\n${emails.join('\n')}\n`,
    consented: true,
    confirmed: true,
  })
  expect(imported.status).toBe(200)
  expect((imported.body as SubscriberImportResult).added).toBe(READERS)
  const post = await callApi(url, cookie, 'POST', '/api/blog', {
    title: `A thousand readers ${tag}`,
    slug: `a-thousand-readers-${tag}`,
    excerpt: 'Sent to every confirmed reader once.',
    content: '## Once\n\nEvery reader gets this exactly once.',
    category: 'technology',
    tags: ['newsletter'],
    isPublished: true,
  })
  expect(post.status).toBe(201)
  const { id } = (post.body as { post: { id: number } }).post
  const sent = await callApi(url, cookie, 'POST', `/api/blog/${id}/newsletter`, {})
  expect(sent.status).toBe(202)
  return { emails, newsletterId: (sent.body as { newsletter: { id: number } }).newsletter.id }
}

async function untilSent(url: string, newsletterId: number) {
  const cookie = await signIn(url)
  return until(
    'the newsletter sent to everyone',
    async () => {
      await new Promise((r) => setTimeout(r, 500))
      const { body } = await callApi(url, cookie, 'GET', '/api/newsletters')
      const row = (body as { newsletters: NewsletterListItem[] }).newsletters.find((n) => n.id === newsletterId)
      return row?.state === 'sent' ? row : undefined
    },
    240_000,
  )
}

describe(`kill -9 twice while a newsletter goes to ${READERS} readers (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const lives = mailServerLives('news_crash', { MAIL_RATE_PER_MINUTE: '100000', LOG_LEVEL: 'warn' })

  test('every reader gets exactly one email', async () => {
    const { smtp } = lives
    const holds = holdAt([smtp])
    let server = await lives.next()
    const { emails, newsletterId } = await readersAndNewsletter(server.url, await signIn(server.url), 'one')
    for (const _ of KILL_AT) {
      await holds.next()
      server = await lives.next()
    }
    const row = await untilSent(server.url, newsletterId)
    expect(row.counts).toEqual({ queued: 0, sent: READERS, failed: 0, bounced: 0 })
    // Nothing more arrives later (no second run of a dead claim).
    await new Promise((r) => setTimeout(r, 3_000))
    expect(perAddress([smtp], emails)).toEqual({ delivered: READERS, wrong: [] })
    // Each email was offered once, but the two killed mid-send, which were sent again.
    expect(smtp.offered).toBe(READERS + KILL_AT.length)
  }, 600_000)
})

describe.skipIf(!TEST_DATABASE_URL)(`two instances on PostgreSQL send one newsletter to ${READERS} readers`, () => {
  const database = `vq_news_two_${randomBytes(4).toString('hex')}`
  const smtps: TestSmtp[] = []
  const servers: (TestServer | undefined)[] = []
  const envs: Record<string, string>[] = []

  beforeAll(async () => {
    await ensureSiteBuilt()
    const databaseUrl = await createScratchDatabase(database)
    const secret = randomBytes(32).toString('base64')
    // One SMTP server per instance: what each received tells which instance sent it.
    for (let i = 0; i < 2; i++) {
      const smtp = await startTestSmtp()
      smtps.push(smtp)
      envs.push({ ...serverEnv(smtp), DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '5', SECRET_KEY: secret })
    }
  }, 300_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s?.stop('SIGKILL')))
    await Promise.all(smtps.map((s) => s.close()))
    await dropScratchDatabase(database)
  })

  test('the instance that sends is killed twice: the other carries on, every reader gets exactly one email', async () => {
    const holds = holdAt(smtps)
    ;[servers[0], servers[1]] = await Promise.all(envs.map((env) => startTestServer({ env })))
    const first = servers[0] as TestServer
    const { emails, newsletterId } = await readersAndNewsletter(first.url, await signIn(first.url), 'two')
    for (const _ of KILL_AT) {
      const { smtp } = await holds.next()
      const i = smtps.indexOf(smtp)
      await servers[i]?.stop('SIGKILL')
      // The survivor takes the dead one's job once its heartbeat stops, and sends; then the dead
      // one comes back.
      const other = smtps[1 - i] as TestSmtp
      const before = other.offered
      await until('the other instance sending', async () => (other.offered > before ? true : undefined), 120_000)
      servers[i] = await startTestServer({ env: envs[i] as Record<string, string> })
    }
    const row = await untilSent((servers[0] as TestServer).url, newsletterId)
    expect(row.counts).toEqual({ queued: 0, sent: READERS, failed: 0, bounced: 0 })
    await new Promise((r) => setTimeout(r, 3_000))
    expect(perAddress(smtps, emails)).toEqual({ delivered: READERS, wrong: [] })
    const [a, b] = smtps as [TestSmtp, TestSmtp]
    expect(a.offered + b.offered).toBe(READERS + KILL_AT.length)
    // Both instances sent part of it.
    expect(a.received.length).toBeGreaterThan(0)
    expect(b.received.length).toBeGreaterThan(0)
  }, 600_000)
})
