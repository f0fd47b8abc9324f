import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { NewsletterListItem } from '#common/contract/newsletters.ts'
import { loadConfig } from '#server/config.ts'
import { newsletterDeliveries, subscribers } from '#server/db/schema.ts'
import type { RunningJobs } from '#server/jobs/queue.ts'
import { createMailSender } from '#server/services/mail.ts'
import { createNewsletter, runNewsletterSend } from '#server/services/newsletters.ts'
import { mailThrough, startTestSmtp, type TestSmtp } from '#tests/fixtures/smtp.ts'
import { createTestApp, json, type TestApp, validPost } from '#tests/helpers/app.ts'
import { until } from '#tests/helpers/wait.ts'

// Issue 30, sending (docs/decisions/061-newsletters.md): a live post sent to every confirmed
// subscriber through a real SMTP server, with the headers mail providers need for one-click
// unsubscribe; a permanent refusal marks that address bounced; the list says how far it got.

let smtp: TestSmtp
let t: TestApp
let cookie: string
let seq = 0

beforeAll(async () => {
  smtp = await startTestSmtp()
  t = await createTestApp(
    {
      ...mailThrough(smtp),
      // Readers are told apart by their address (X-Forwarded-For) in the test of what a send brought.
      trustProxy: true,
    },
    undefined,
    { jobs: 'work', secretKey: randomBytes(32) },
  )
  cookie = await t.adminCookie()
}, 60_000)

afterAll(async () => {
  await (t?.services.jobs as RunningJobs | undefined)?.stop()
  await t?.close()
  await smtp?.close()
})

const call = (method: string, path: string, body?: unknown) => t.app.request(path, json(method, body, cookie))

async function reader(email: string, state: 'confirmed' | 'pending' | 'unsubscribed' = 'confirmed') {
  const now = new Date()
  const [row] = await t.database.db
    .insert(subscribers)
    .values({
      email,
      state,
      confirmedAt: state === 'confirmed' ? now : null,
      consentedAt: now,
      consentForm: 'post',
      consentVersion: 'test',
      createdAt: now,
    })
    .returning()
  return row as typeof subscribers.$inferSelect
}

async function livePost() {
  seq += 1
  const res = await call(
    'POST',
    '/api/blog',
    validPost({
      slug: `newsletter-post-${seq}`,
      title: `Newsletter post ${seq}`,
      content: `## Why it works\n\nRewarded video earns **attention**. Read [the guide](/blog).`,
      isPublished: true,
    }),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { post: { id: number; slug: string } }).post
}

/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: Pick<ParsedMail, 'headerLines'>, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ') ?? ''

const listed = async (postId: number) => {
  const res = await call('GET', '/api/newsletters')
  expect(res.status).toBe(200)
  return ((await res.json()) as { newsletters: NewsletterListItem[] }).newsletters.find((n) => n.postId === postId)
}

/** The post's newsletter once its send has finished. */
const sentOf = (postId: number) =>
  until(
    'the newsletter sent',
    async () => {
      const n = await listed(postId)
      return n?.state === 'sent' ? n : undefined
    },
    30_000,
  )

describe('a newsletter', () => {
  test('reaches every confirmed subscriber once, with List-Unsubscribe and both parts; the link goes to the post', async () => {
    const tag = randomBytes(3).toString('hex')
    const confirmed = [await reader(`one.${tag}@example.com`), await reader(`two.${tag}@example.com`)]
    await reader(`pending.${tag}@example.com`, 'pending')
    await reader(`left.${tag}@example.com`, 'unsubscribed')
    const post = await livePost()
    const res = await call('POST', `/api/blog/${post.id}/newsletter`, { subject: `Fresh: ${tag}`, preheader: 'Short' })
    expect(res.status).toBe(202)

    const item = await sentOf(post.id)
    expect(item.counts).toEqual({ queued: 0, sent: 2, failed: 0, bounced: 0 })
    const mine = smtp.received.filter((m) => m.mail.subject === `Fresh: ${tag}`)
    expect(mine.map((m) => m.to[0]).sort()).toEqual(confirmed.map((r) => r.email).sort())

    for (const { mail } of mine) {
      expect(mail.from?.text).toContain('news@example.com')
      expect(mail.messageId).toMatch(/^<newsletter-\d+-\d+@/)
      expect(mail.date).toBeInstanceOf(Date)
      const unsubscribe = rawHeader(mail, 'list-unsubscribe')
      expect(unsubscribe).toMatch(/<https?:\/\/[^>]+\/api\/subscribers\/unsubscribe\?token=[^>]+>/)
      expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      expect(mail.text).toMatch(/why it works/i)
      expect(mail.text).toContain('Rewarded video earns attention.')
      expect(mail.html).toContain('<strong>attention</strong>')
      expect(mail.html).toContain('/subscribe/manage?token=')
      // No open-tracking pixel: the only images would be the post's own.
      expect(mail.html).not.toMatch(/<img[^>]+(width="1"|height="1")/)

      // 'Read on the site' is a short link that lands on the post, marked as the newsletter's.
      const short = /https?:\/\/\S+?\/s\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1]
      expect(short).toBeTruthy()
      const redirect = await t.app.request(`/s/${short}`)
      expect(redirect.status).toBe(302)
      const target = new URL(redirect.headers.get('location') as string, 'http://x')
      expect(target.pathname).toBe(`/blog/${post.slug}`)
      expect(target.searchParams.get('utm_source')).toBe('newsletter')
    }

    // The header's one-click unsubscribe works for that reader alone (RFC 8058).
    const first = mine[0]
    const url = /<(https?:\/\/[^>]+)>/.exec(first ? rawHeader(first.mail, 'list-unsubscribe') : '')?.[1] as string
    const left = await t.app.request(new URL(url).pathname + new URL(url).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(left.status).toBe(200)
    const states = await t.database.db
      .select({ email: subscribers.email, state: subscribers.state })
      .from(subscribers)
      .where(eq(subscribers.email, first?.to[0] as string))
    expect(states[0]?.state).toBe('unsubscribed')

    // One per post: a second send is refused.
    expect((await call('POST', `/api/blog/${post.id}/newsletter`, {})).status).toBe(409)
  }, 60_000)

  test('a permanent refusal (550) marks the address bounced and it is never mailed again', async () => {
    const tag = randomBytes(3).toString('hex')
    const bad = await reader(`bad.${tag}@example.com`)
    const confirmedNow = (
      await t.database.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.state, 'confirmed'))
    ).length
    const post = await livePost()
    smtp.answer = () => ({ code: 550, message: 'No such mailbox' })
    try {
      expect((await call('POST', `/api/blog/${post.id}/newsletter`, { subject: `Bounce ${tag}` })).status).toBe(202)
      const item = await until(
        'every delivery settled',
        async () => {
          const n = await listed(post.id)
          return n && n.counts.queued === 0 && n.counts.bounced > 0 ? n : undefined
        },
        30_000,
      )
      expect(item.counts).toEqual({ queued: 0, sent: 0, failed: 0, bounced: confirmedNow })
    } finally {
      smtp.answer = () => undefined
    }
    const [row] = await t.database.db.select().from(subscribers).where(eq(subscribers.id, bad.id))
    expect(row?.state).toBe('bounced')

    // The next newsletter leaves the bounced address out.
    const next = await livePost()
    expect((await call('POST', `/api/blog/${next.id}/newsletter`, { subject: `After ${tag}` })).status).toBe(202)
    await sentOf(next.id)
    expect(smtp.received.filter((m) => m.to.includes(bad.email))).toHaveLength(0)
  }, 60_000)

  test('the list says what each newsletter brought: readers who came by its link, unsubscribes, leads, subscribers', async () => {
    const tag = randomBytes(3).toString('hex')
    const [a, b] = [await reader(`a.${tag}@example.com`), await reader(`b.${tag}@example.com`)]
    const sendAndWait = async () => {
      const post = await livePost()
      expect((await call('POST', `/api/blog/${post.id}/newsletter`, { subject: `Brought ${post.id}` })).status).toBe(
        202,
      )
      return sentOf(post.id)
    }
    const first = await sendAndWait()
    expect(first.results).toEqual({ clicks: 0, unsubscribes: 0, leads: 0, subscribers: 0 })
    const campaign = `newsletter-${first.id}`
    const landing = { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: campaign }

    // Two readers land from its link; one of them views a second page (one person, counted once).
    const visit = (ip: string, path: string) =>
      t.app.request(
        '/api/analytics/visits',
        json('POST', { path, referrer: null, ...landing, xPostId: null }, undefined, {
          'x-forwarded-for': ip,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
        }),
      )
    for (const [ip, path] of [
      ['198.51.100.31', '/blog'],
      ['198.51.100.31', '/'],
      ['198.51.100.32', '/blog'],
    ] as const)
      expect((await visit(ip, path)).status).toBe(202)
    await t.services.visits.flush()
    // One of them asks for a demo; a forwarded copy brings a new confirmed reader (and a pending one).
    const lead = await t.app.request(
      '/api/contact',
      json(
        'POST',
        {
          name: 'Newsletter Lead',
          email: `lead.${tag}@example.com`,
          company: 'Brand Co',
          message: 'Saw it in the newsletter.',
          attribution: { landingPath: '/blog', referrer: null, ...landing, xPostId: null, postId: null },
        },
        undefined,
        { 'x-forwarded-for': '198.51.100.33' },
      ),
    )
    expect(lead.status).toBe(201)
    const now = new Date()
    await t.database.db.insert(subscribers).values(
      (['confirmed', 'pending'] as const).map((state) => ({
        email: `${state}.${tag}@example.com`,
        state,
        confirmedAt: state === 'confirmed' ? now : null,
        consentedAt: now,
        consentForm: 'post' as const,
        consentVersion: 'test',
        createdAt: now,
        attribution: { landingPath: '/blog', referrer: null, ...landing, xPostId: null, postId: null },
      })),
    )
    // Reader a leaves after the first newsletter.
    const leave = (id: number) =>
      t.database.db
        .update(subscribers)
        .set({ state: 'unsubscribed', unsubscribedAt: new Date() })
        .where(eq(subscribers.id, id))
    await leave(a.id)
    expect((await listed(first.postId))?.results).toEqual({ clicks: 2, unsubscribes: 1, leads: 1, subscribers: 1 })

    // Reader b leaves after the second: it counts for the second, not the first.
    const second = await sendAndWait()
    await leave(b.id)
    expect((await listed(second.postId))?.results).toMatchObject({ unsubscribes: 1, clicks: 0, leads: 0 })
    expect((await listed(first.postId))?.results).toEqual({ clicks: 2, unsubscribes: 1, leads: 1, subscribers: 1 })
  }, 60_000)

  test('a temporary refusal (451) is tried again after the back-off, and that reader gets it once', async () => {
    const tag = randomBytes(3).toString('hex')
    const later = await reader(`later.${tag}@example.com`)
    const post = await livePost()
    let refused = 0
    // The reader's first try is refused for now; every other email is accepted.
    const before = smtp.offered
    smtp.answer = (n) => {
      if (n > before && refused === 0) {
        refused += 1
        return { code: 451, message: '451 4.3.0 Try again later' }
      }
      return undefined
    }
    try {
      expect((await call('POST', `/api/blog/${post.id}/newsletter`, { subject: `Later ${tag}` })).status).toBe(202)
      const item = await sentOf(post.id)
      expect(item.counts.failed + item.counts.bounced + item.counts.queued).toBe(0)
    } finally {
      smtp.answer = () => undefined
    }
    expect(refused).toBe(1)
    // Every reader of this send got exactly one; the refused one on its second try.
    const mine = smtp.received.filter((m) => m.mail.subject === `Later ${tag}`)
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(mine.length)
    expect(mine.map((m) => m.to[0])).toContain(later.email)
    const tries = await t.database.db
      .select({ tries: newsletterDeliveries.tries, error: newsletterDeliveries.error })
      .from(newsletterDeliveries)
      .innerJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
      .where(eq(newsletterDeliveries.state, 'sent'))
    expect(tries.filter((r) => r.tries === 2)).toHaveLength(1)
  }, 60_000)

  test('MAIL_RATE_PER_MINUTE: one run sends at most the rate, and the next starts a minute after it', async () => {
    const tag = randomBytes(3).toString('hex')
    for (let i = 0; i < 3; i++) await reader(`rate${i}.${tag}@example.com`)
    const readers = (
      await t.database.db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.state, 'confirmed'))
    ).length
    const post = await livePost()
    // The newsletter without its job: this test runs the sends itself.
    const letter = await t.database.db.transaction((tx) =>
      createNewsletter(tx, { ready: async () => {}, enqueue: async () => {} }, post.id, {
        subject: `Rate ${tag}`,
        userId: null,
      }),
    )
    const deps = {
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }),
      key: randomBytes(32),
      send: createMailSender(mailThrough(smtp).mail) as NonNullable<ReturnType<typeof createMailSender>>,
      retryDelaySeconds: 1,
      budget: 2,
    }
    const start = new Date()
    const first = await runNewsletterSend(t.database.db, deps, letter.id, { now: () => start })
    const arrived = () => smtp.received.filter((m) => m.mail.subject === `Rate ${tag}`).length
    expect(first).toMatchObject({ sent: 2 })
    expect(arrived()).toBe(2)
    expect('again' in first && first.again.getTime()).toBeGreaterThanOrEqual(start.getTime() + 60_000)
    // A minute later, the next share: the rest, up to the rate again.
    const next = await runNewsletterSend(t.database.db, deps, letter.id, {
      now: () => new Date(start.getTime() + 61_000),
    })
    expect(arrived()).toBe(Math.min(4, readers))
    expect(next).toEqual(readers > 4 ? expect.objectContaining({ sent: 2 }) : { done: true, state: 'sent' })
  }, 60_000)

  test('without a live post or with bad input nothing is queued', async () => {
    const res = await call('POST', '/api/blog', validPost({ slug: `newsletter-draft-${++seq}`, isPublished: false }))
    const draft = ((await res.json()) as { post: { id: number } }).post
    const refused = await call('POST', `/api/blog/${draft.id}/newsletter`, {})
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: string }).error).toMatch(/\S/)
    expect((await call('POST', `/api/blog/${draft.id}/newsletter`, { subject: 'a\nb' })).status).toBe(400)
    expect((await call('POST', `/api/blog/${draft.id}/newsletter`, { extra: 1 })).status).toBe(400)
    expect((await call('POST', '/api/blog/999999/newsletter', {})).status).toBe(404)
    expect(await listed(draft.id)).toBeUndefined()
  })
})
