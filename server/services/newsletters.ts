import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type {
  DeliveryCounts,
  Newsletter,
  NewsletterListItem,
  NewsletterPreview,
  NewsletterResults,
  NewsletterState,
} from '#common/contract/newsletters.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import {
  blogPosts,
  contactSubmissions,
  newsletterDeliveries,
  newsletters,
  subscribers,
  users,
  visits,
} from '#server/db/schema.ts'
import { ConflictError, NotFoundError } from '#server/services/errors.ts'
import type { JobQueue } from '#server/services/job-queue.ts'
import { type MailSender, PermanentMailError } from '#server/services/mail.ts'
import { personalize, type RenderedNewsletter, renderNewsletter } from '#server/services/newsletter-email.ts'
import { newShortCode, newsletterCampaign, shortUrlFor } from '#server/services/short-links.ts'
import { manageToken } from '#server/services/subscribers.ts'

// Issue 30, sending (docs/decisions/061-newsletters.md): a post sent as a newsletter to every
// confirmed subscriber. The outbox (`newsletter_deliveries`) is filled once, in the transaction
// that starts the send; each row is claimed in one conditional UPDATE before its email goes out
// and marked sent right after the SMTP server's 250, so a crash, a restart or a second instance
// never sends a reader the same newsletter twice nor skips one.

/** Said by every newsletter endpoint while mail is not set up. */
export const NEWSLETTER_MAIL_NOT_CONFIGURED =
  'Mail is not set up, so newsletters cannot be sent. Set SMTP_URL and MAIL_FROM to send them.'

/** Tries of one reader's email the mail server refuses for now (4xx) before it is 'failed'. */
export const NEWSLETTER_TRIES = 5
/** Rows one claim takes. */
const BATCH = 10
/** How long one claim holds its rows: longer than a batch of sends at nodemailer's timeouts. */
const CLAIM_MS = 6 * 60_000

type Row = typeof newsletters.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const toNewsletter = (row: Row): Newsletter => ({
  id: row.id,
  postId: row.postId,
  subject: row.subject,
  preheader: row.preheader,
  state: row.state,
  sendAt: row.sendAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
})

export const newsletterJob = (row: Pick<Row, 'id' | 'sendAt'>) => ({ id: row.id, at: row.sendAt.toISOString() })

/** The post's newsletter that is not cancelled, or null. */
export async function newsletterOfPost(db: Db, postId: number): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(newsletters)
    .where(and(eq(newsletters.postId, postId), ne(newsletters.state, 'cancelled')))
    .limit(1)
  return row ?? null
}

export interface NewNewsletter {
  subject?: string | undefined
  preheader?: string | undefined
  userId: number | null
}

/**
 * A newsletter for post `postId`, in the caller's transaction `tx` (publish and schedule add it
 * with their own change): sent now if the post is live, else at its publish moment. Refused for a
 * draft without a schedule and when the post already has one that is not cancelled.
 */
export async function createNewsletter(
  tx: Db,
  queue: JobQueue,
  postId: number,
  input: NewNewsletter,
  now = new Date(),
): Promise<Row> {
  const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for('update')
  if (!post) throw new NotFoundError('Post not found')
  const sendAt = post.isPublished ? now : post.scheduledAt
  if (!sendAt) {
    throw new ConflictError(
      'This post is a draft without a schedule: publish or schedule it to send it as a newsletter.',
    )
  }
  const [row] = await tx
    .insert(newsletters)
    .values({
      postId,
      subject: input.subject ?? post.title,
      preheader: input.preheader ?? (post.excerpt ?? '').slice(0, 200),
      sendAt,
      shortCode: newShortCode(),
      createdBy: input.userId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new ConflictError('This post already has a newsletter.')
  await queue.enqueue(tx, 'newsletter-send', newsletterJob(row), sendAt)
  return row
}

/** A scheduled post moved: its newsletter (not started yet) moves with it, in the caller's transaction. */
export async function moveNewsletterOfPost(tx: Db, queue: JobQueue, postId: number, sendAt: Date) {
  const [row] = await tx
    .update(newsletters)
    .set({ sendAt })
    .where(and(eq(newsletters.postId, postId), eq(newsletters.state, 'scheduled')))
    .returning()
  if (row) await queue.enqueue(tx, 'newsletter-send', newsletterJob(row), sendAt)
}

/** The post went back to draft or lost its schedule before its newsletter started: cancelled. */
export async function cancelNewsletterOfPost(db: Db, postId: number) {
  await db
    .update(newsletters)
    .set({ state: 'cancelled' })
    .where(and(eq(newsletters.postId, postId), eq(newsletters.state, 'scheduled')))
}

const countOf = (state: string) =>
  sql<number>`(count(*) filter (where ${newsletterDeliveries.state} = ${state}))::integer`

async function countsOf(db: Db, ids: number[]): Promise<Map<number, DeliveryCounts>> {
  const map = new Map<number, DeliveryCounts>()
  if (ids.length === 0) return map
  const rows = await db
    .select({
      id: newsletterDeliveries.newsletterId,
      queued: countOf('queued'),
      sent: countOf('sent'),
      failed: countOf('failed'),
      bounced: countOf('bounced'),
    })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.newsletterId, ids))
    .groupBy(newsletterDeliveries.newsletterId)
  for (const r of rows)
    map.set(r.id, {
      queued: Number(r.queued),
      sent: Number(r.sent),
      failed: Number(r.failed),
      bounced: Number(r.bounced),
    })
  return map
}

/**
 * What each newsletter brought (docs/decisions/064-newsletter-results.md): the readers who came to
 * the site by its link (distinct visitors whose visit landed with its utm_campaign: a mail
 * provider's link scanner runs no page script and is not counted), the leads and the confirmed
 * subscribers whose first touch was its link, and the readers it reached who unsubscribed after
 * it and before their next newsletter.
 */
async function resultsOf(db: Db, ids: number[]): Promise<Map<number, NewsletterResults>> {
  const map = new Map<number, NewsletterResults>()
  if (ids.length === 0) return map
  const campaigns = ids.map(newsletterCampaign)
  const idOf = (campaign: string | null) => Number(campaign?.slice('newsletter-'.length))
  const get = (id: number) => {
    let r = map.get(id)
    if (!r) {
      r = { clicks: 0, unsubscribes: 0, leads: 0, subscribers: 0 }
      map.set(id, r)
    }
    return r
  }
  const clicks = await db
    .select({ campaign: visits.utmCampaign, n: sql<number>`count(distinct ${visits.visitorHash})::integer` })
    .from(visits)
    .where(inArray(visits.utmCampaign, campaigns))
    .groupBy(visits.utmCampaign)
  for (const r of clicks) get(idOf(r.campaign)).clicks = Number(r.n)
  const leadCampaign = sql<string>`${contactSubmissions.attribution}->>'utmCampaign'`
  const leads = await db
    .select({ campaign: leadCampaign, n: sql<number>`count(*)::integer` })
    .from(contactSubmissions)
    .where(inArray(leadCampaign, campaigns))
    .groupBy(leadCampaign)
  for (const r of leads) get(idOf(r.campaign)).leads = Number(r.n)
  const readerCampaign = sql<string>`${subscribers.attribution}->>'utmCampaign'`
  const brought = await db
    .select({ campaign: readerCampaign, n: sql<number>`count(*)::integer` })
    .from(subscribers)
    .where(and(inArray(readerCampaign, campaigns), sql`${subscribers.confirmedAt} is not null`))
    .groupBy(readerCampaign)
  for (const r of brought) get(idOf(r.campaign)).subscribers = Number(r.n)
  const left = (await db.execute(sql`
    select d.newsletter_id as id, count(*)::integer as n
    from ${newsletterDeliveries} d join ${subscribers} s on s.id = d.subscriber_id
    where d.newsletter_id in ${ids} and d.state = 'sent' and s.state = 'unsubscribed'
      and s.unsubscribed_at >= d.sent_at
      and not exists (
        select 1 from ${newsletterDeliveries} later
        where later.subscriber_id = s.id and later.state = 'sent'
          and later.sent_at > d.sent_at and later.sent_at <= s.unsubscribed_at)
    group by d.newsletter_id`)) as unknown as { rows: { id: number; n: number }[] }
  for (const r of left.rows) get(Number(r.id)).unsubscribes = Number(r.n)
  return map
}

/** Every newsletter, newest first, with its post's title and its deliveries counted by state. */
export async function listNewsletters(db: Db): Promise<NewsletterListItem[]> {
  const rows = await db
    .select({ newsletter: newsletters, postTitle: blogPosts.title })
    .from(newsletters)
    .innerJoin(blogPosts, eq(blogPosts.id, newsletters.postId))
    .orderBy(desc(newsletters.sendAt), desc(newsletters.id))
    .limit(500)
  const ids = rows.map((r) => r.newsletter.id)
  const [counts, results] = [await countsOf(db, ids), await resultsOf(db, ids)]
  const none: DeliveryCounts = { queued: 0, sent: 0, failed: 0, bounced: 0 }
  return rows.map((r) => ({
    ...toNewsletter(r.newsletter),
    postTitle: r.postTitle,
    counts: counts.get(r.newsletter.id) ?? none,
    results: results.get(r.newsletter.id) ?? { clicks: 0, unsubscribes: 0, leads: 0, subscribers: 0 },
  }))
}

type Deps = { config: Pick<Config, 'publicUrl' | 'site'>; key: Buffer }

/** The newsletter's email with the slot for each reader's link (newsletter-email.ts). */
async function renderFor(db: Db, { config }: Pick<Deps, 'config'>, row: Row): Promise<RenderedNewsletter | null> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, row.postId))
  if (!post) return null
  return renderNewsletter({
    subject: row.subject,
    preheader: row.preheader,
    title: post.title,
    content: post.content,
    readUrl: shortUrlFor(config.publicUrl, row.shortCode),
    publicUrl: config.publicUrl,
    brandName: config.site.brandName,
  })
}

const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/subscribe/manage?token=${token}`

/** The headers every newsletter email carries: RFC 8058 one-click unsubscribe. */
const unsubscribeHeaders = (publicUrl: string, token: string) => ({
  'List-Unsubscribe': `<${publicUrl}/api/subscribers/unsubscribe?token=${token}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

/**
 * The preview of a post's newsletter (its own if it has one, else what one would be now), with
 * the manage link of no one.
 */
export async function previewNewsletter(
  db: Db,
  deps: Pick<Deps, 'config'>,
  postId: number,
): Promise<NewsletterPreview> {
  const existing = await newsletterOfPost(db, postId)
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId))
  if (!post) throw new NotFoundError('Post not found')
  const row: Row = existing ?? {
    id: 0,
    postId,
    subject: post.title,
    preheader: (post.excerpt ?? '').slice(0, 200),
    state: 'scheduled',
    sendAt: new Date(),
    shortCode: 'preview',
    createdBy: null,
    createdAt: new Date(),
    startedAt: null,
    finishedAt: null,
  }
  const rendered = (await renderFor(db, deps, row)) as RenderedNewsletter
  const { html, text } = personalize(rendered, `${deps.config.publicUrl}/subscribe/manage`)
  return { subject: row.subject, preheader: row.preheader, html, text }
}

/** One copy to the signed-in user's own address, its subject marked '[Test]'. */
export async function sendTestNewsletter(
  db: Db,
  deps: Pick<Deps, 'config'> & { send: MailSender },
  postId: number,
  userId: number,
): Promise<{ to: string }> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user?.email)
    throw new ConflictError('Your profile has no email address: add one in your profile to send a test.')
  const preview = await previewNewsletter(db, deps, postId)
  const host = new URL(deps.config.publicUrl).hostname
  await deps.send({
    to: user.email,
    subject: `[Test] ${preview.subject}`,
    body: { html: preview.html, text: preview.text },
    messageId: `<newsletter-test-${postId}-${randomUUID()}@${host}>`,
  })
  return { to: user.email }
}

export type SendRun =
  /** Nothing (more) to do by this run: cancelled, sent, or not due. */
  | { done: true; state: NewsletterState | null }
  /** Come back at this moment (rate, back-off, another run's claim, the post not live yet). */
  | { again: Date; sent: number }

/**
 * One run of the send job for newsletter `id`: starts it when due (fills the outbox once), then
 * sends at most `budget` emails under claims, and says when to come back.
 */
export async function runNewsletterSend(
  db: Db,
  deps: Deps & { send: MailSender; retryDelaySeconds: number; budget: number },
  id: number,
  { jobId = null, now = () => new Date() }: { jobId?: string | null; now?: () => Date } = {},
): Promise<SendRun> {
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id))
  if (!row || row.state === 'cancelled' || row.state === 'sent') return { done: true, state: row?.state ?? null }
  const start = now()
  if (row.state === 'scheduled') {
    // Moved later: the job added with the move does it then.
    if (row.sendAt.getTime() > start.getTime() + 1000) return { done: true, state: row.state }
    const [post] = await db
      .select({ isPublished: blogPosts.isPublished, scheduledAt: blogPosts.scheduledAt })
      .from(blogPosts)
      .where(eq(blogPosts.id, row.postId))
    if (!post) return { done: true, state: null }
    if (!post.isPublished) {
      // Its publish job runs at the same moment: look again shortly.
      if (post.scheduledAt)
        return { again: new Date(Math.max(post.scheduledAt.getTime(), start.getTime()) + 2000), sent: 0 }
      await cancelNewsletterOfPost(db, row.postId)
      return { done: true, state: 'cancelled' }
    }
    await db.transaction(async (tx) => {
      const [started] = await tx
        .update(newsletters)
        .set({ state: 'sending', startedAt: start })
        .where(and(eq(newsletters.id, id), eq(newsletters.state, 'scheduled')))
        .returning({ id: newsletters.id })
      // Filled once, with the change to 'sending': a second run finds it started and fills nothing.
      if (started) {
        await tx.execute(sql`
          insert into ${newsletterDeliveries} (newsletter_id, subscriber_id)
          select ${id}, ${subscribers.id} from ${subscribers} where ${subscribers.state} = 'confirmed'
          on conflict do nothing`)
      }
    })
  }
  const rendered = await renderFor(db, deps, row)
  if (!rendered) return { done: true, state: null }
  const host = new URL(deps.config.publicUrl).hostname
  let sent = 0
  while (sent < deps.budget) {
    const at = now()
    const claimable = and(
      eq(newsletterDeliveries.newsletterId, id),
      eq(newsletterDeliveries.state, 'queued'),
      or(isNull(newsletterDeliveries.retryAt), lte(newsletterDeliveries.retryAt, at)),
      or(
        isNull(newsletterDeliveries.claimedUntil),
        lt(newsletterDeliveries.claimedUntil, at),
        jobId === null ? undefined : eq(newsletterDeliveries.claimJob, jobId),
      ),
    )
    // The ids first, then one conditional UPDATE of just those: a LIMIT inside the UPDATE's
    // subquery may be evaluated again per row and claim far more than the batch (the rate broke).
    // A row another run claimed meanwhile fails `claimable` when the UPDATE re-reads it.
    const ids = (
      await db
        .select({ id: newsletterDeliveries.id })
        .from(newsletterDeliveries)
        .where(claimable)
        .orderBy(asc(newsletterDeliveries.id))
        .limit(Math.min(BATCH, deps.budget - sent))
    ).map((r) => r.id)
    if (ids.length === 0) break
    const claimed = await db
      .update(newsletterDeliveries)
      .set({ claimedUntil: new Date(at.getTime() + CLAIM_MS), claimJob: jobId })
      .where(and(inArray(newsletterDeliveries.id, ids), claimable))
      .returning()
    // Taken by another run between the two: look again.
    if (claimed.length === 0) continue
    for (const delivery of claimed) {
      const mine = and(
        eq(newsletterDeliveries.id, delivery.id),
        eq(newsletterDeliveries.state, 'queued'),
        jobId === null ? undefined : eq(newsletterDeliveries.claimJob, jobId),
      )
      const release = { claimedUntil: null, claimJob: null }
      // The reader's state at their turn: one who left (or was deleted) after the outbox was filled is skipped.
      const [reader] = delivery.subscriberId
        ? await db
            .select({ id: subscribers.id, email: subscribers.email, state: subscribers.state })
            .from(subscribers)
            .where(eq(subscribers.id, delivery.subscriberId))
        : []
      if (reader?.state !== 'confirmed') {
        await db.delete(newsletterDeliveries).where(mine)
        continue
      }
      const token = manageToken(deps.key, reader)
      try {
        await deps.send({
          to: reader.email,
          subject: row.subject,
          body: personalize(rendered, manageUrl(deps.config.publicUrl, token)),
          headers: unsubscribeHeaders(deps.config.publicUrl, token),
          // Stable per (newsletter, reader): a resend after a crash is recognisably the same message.
          messageId: `<newsletter-${id}-${reader.id}@${host}>`,
        })
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500)
        const tries = delivery.tries + 1
        if (error instanceof PermanentMailError) {
          await db.transaction(async (tx) => {
            await tx
              .update(newsletterDeliveries)
              .set({ ...release, state: 'bounced', tries, error: reason })
              .where(mine)
            // Never mailed again.
            await tx.update(subscribers).set({ state: 'bounced' }).where(eq(subscribers.id, reader.id))
          })
        } else if (tries >= NEWSLETTER_TRIES) {
          await db
            .update(newsletterDeliveries)
            .set({ ...release, state: 'failed', tries, error: reason })
            .where(mine)
        } else {
          const wait = deps.retryDelaySeconds * 1000 * 2 ** (tries - 1)
          await db
            .update(newsletterDeliveries)
            .set({ ...release, tries, error: reason, retryAt: new Date(now().getTime() + wait) })
            .where(mine)
        }
        continue
      }
      await db
        .update(newsletterDeliveries)
        .set({ ...release, state: 'sent', sentAt: now(), tries: delivery.tries + 1, error: null })
        .where(mine)
      sent += 1
    }
  }
  const [left] = await db
    .select({
      n: sql<number>`count(*)::integer`,
      next: sql<
        Date | string | null
      >`min(greatest(coalesce(${newsletterDeliveries.retryAt}, now()), coalesce(${newsletterDeliveries.claimedUntil}, now())))`,
    })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.state, 'queued')))
  if (!left || Number(left.n) === 0) {
    const end = now()
    await db
      .update(newsletters)
      .set({ state: 'sent', finishedAt: end })
      .where(
        and(
          eq(newsletters.id, id),
          eq(newsletters.state, 'sending'),
          sql`not exists (select 1 from ${newsletterDeliveries} where ${newsletterDeliveries.newsletterId} = ${id} and ${newsletterDeliveries.state} = 'queued')`,
        ),
      )
    return { done: true, state: 'sent' }
  }
  const soonest = left.next ? new Date(left.next) : now()
  // The rate: the next minute's share starts a minute after this one's.
  const rateWait = sent >= deps.budget ? start.getTime() + 60_000 : 0
  return { again: new Date(Math.max(soonest.getTime(), rateWait, now().getTime()) + 500), sent }
}
