// Issue 29: social posts on every network (docs/decisions/058-social-posts.md). One table holds
// them all (x_posts, an X post being channel 'x'); X keeps its own path (x-posts.ts) and the
// other networks post through their adapter (server/services/channels/), part by part.
import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm'
import type { Channel } from '#common/channels.ts'
import type { SocialPost } from '#common/contract/social-posts.ts'
import type { XPostStatus } from '#common/contract/x-posts.ts'
import type { Db } from '#server/db/client.ts'
import { xPosts } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import type { XPostWriter } from '#server/services/ai/x-post.ts'
import {
  type ChannelAdapter,
  ChannelApiError,
  type LinkCard,
  type PostedPart,
} from '#server/services/channels/adapter.ts'
import { ConflictError, InvalidInputError, NotFoundError } from '#server/services/errors.ts'
import { isoOrNull } from '#server/services/posts.ts'
import { newShortCode, shortUrlFor } from '#server/services/short-links.ts'
import { type SocialWriter, templateSocialWriter } from '#server/services/social-text.ts'
import { articleToPromote, blogPostExists, createXPost } from '#server/services/x-posts.ts'

type Row = typeof xPosts.$inferSelect

/** A count as the counter shows it: '3,780'. */
export const count = (n: number) => n.toLocaleString('en-US')
type Channels = typeof import('#common/channels.ts')

export const SOCIAL_POST_NOT_FOUND = 'Social post not found'

/** The parts exactly as the network receives them, and whether each may be posted. */
export function planOf(
  channels: Channels,
  row: Pick<Row, 'channel' | 'rewrittenContent' | 'shortUrl' | 'asThread' | 'linkAt' | 'linkInReply'>,
) {
  const channel = row.channel as Channel
  const rules = channels.CHANNEL_RULES[channel]
  const link = { url: row.shortUrl, at: row.linkAt as 'first' | 'last' }
  let parts: string[]
  if (channel === 'x')
    parts = row.linkInReply ? [row.rewrittenContent, row.shortUrl] : [`${row.rewrittenContent} ${row.shortUrl}`]
  else if (row.asThread && rules.threads)
    parts = channels.splitThread(channel, row.rewrittenContent, { numbered: true, link })
  else parts = [`${row.rewrittenContent} ${row.shortUrl}`]
  const counts = parts.map((p) => rules.count(p))
  const used = Math.max(...counts)
  const hookFits = channels.checkText(channel, parts[0] ?? '').hookFits !== false
  return { parts, used, limit: rules.limit, hookFits, fits: used <= rules.limit && hookFits }
}

export function toSocialPost(channels: Channels, row: Row): SocialPost {
  const plan = planOf(channels, row)
  return {
    id: row.id,
    blogPostId: row.blogPostId,
    channel: row.channel as Channel,
    originalContent: row.originalContent,
    text: row.rewrittenContent,
    ...plan,
    asThread: row.asThread,
    linkAt: row.linkAt as 'first' | 'last',
    shortUrl: row.shortUrl,
    shortCode: row.shortCode,
    clickCount: row.clickCount,
    uniqueClickCount: row.uniqueClickCount,
    botClickCount: row.botClickCount,
    createdAt: row.publishedAt.toISOString(),
    status: row.status as XPostStatus,
    remoteId: row.channel === 'x' ? row.tweetId : row.remoteId,
    remoteUrl: row.channel === 'x' ? row.tweetUrl : row.remoteUrl,
    postedParts: row.channel === 'x' ? (row.tweetId ? 1 : 0) : row.postedParts.length,
    errorMessage: row.errorMessage,
    scheduledAt: isoOrNull(row.scheduledAt),
    postedAt: isoOrNull(row.postedAt),
  }
}

async function rowOf(db: Db, id: number): Promise<Row | null> {
  const [row] = await db.select().from(xPosts).where(eq(xPosts.id, id)).limit(1)
  return row ?? null
}

export async function getSocialPost(db: Db, id: number): Promise<SocialPost | null> {
  const row = await rowOf(db, id)
  return row ? toSocialPost(await import('#common/channels.ts'), row) : null
}

export interface CreateSocialPostInput {
  blogPostId: number
  channel: Channel
  customContent: string | null
  publicUrl: string
  /** The AI writer when configured and within the quota; the template otherwise. */
  writer?: SocialWriter
  /** X's own writer (X keeps its path: createXPost). */
  xWriter?: XPostWriter
  logger?: Logger
}

const CODE_ATTEMPTS = 5

/**
 * A draft social post for `channel`: its text (AI or template, then fitted to the network with
 * its link) and a short link of its own. X goes through createXPost, as 'Generate X Post' does.
 * Answers null when the blog post does not exist.
 */
export async function createSocialPost(db: Db, input: CreateSocialPostInput): Promise<SocialPost | null> {
  const channels = await import('#common/channels.ts')
  if (input.channel === 'x') {
    const { blogPostId, customContent, publicUrl, xWriter, logger } = input
    const xPost = await createXPost(db, {
      blogPostId,
      customContent,
      publicUrl,
      ...(xWriter ? { writer: xWriter } : {}),
      ...(logger ? { logger } : {}),
    })
    return xPost ? getSocialPost(db, xPost.id) : null
  }
  const article = await articleToPromote(db, input.blogPostId, input.customContent)
  if (!article) return null
  const { post, originalContent } = article
  const source = { ...post, customContent: input.customContent }
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const shortCode = newShortCode()
    const shortUrl = shortUrlFor(input.publicUrl, shortCode)
    const writer = input.writer ?? templateSocialWriter
    let written: string
    try {
      written = await writer.write(input.channel, source, shortUrl)
    } catch (error) {
      // An AI outage must not stop the writer from promoting a post: the template writes it.
      input.logger?.warn(
        { err: error, writer: writer.name, channel: input.channel },
        'social post writer failed; using the template',
      )
      written = await templateSocialWriter.write(input.channel, source, shortUrl)
    }
    const { fitToChannel } = await import('#server/services/social-text.ts')
    let text = fitToChannel(channels, input.channel, written, shortUrl)
    if (text === '') text = fitToChannel(channels, input.channel, post.title, shortUrl) || post.title.slice(0, 100)
    const [row] = await db
      .insert(xPosts)
      .values({
        blogPostId: input.blogPostId,
        channel: input.channel,
        originalContent,
        rewrittenContent: text,
        shortCode,
        shortUrl,
        status: 'draft',
      })
      .onConflictDoNothing({ target: xPosts.shortCode })
      .returning()
    if (row) return toSocialPost(channels, row)
  }
  throw new ConflictError('Could not find a free short link code; please try again.')
}

/** Newest first, of one network or all; null when the blog post does not exist. */
export async function listSocialPosts(db: Db, blogPostId: number, channel?: Channel): Promise<SocialPost[] | null> {
  if (!(await blogPostExists(db, blogPostId))) return null
  const rows = await db
    .select()
    .from(xPosts)
    .where(and(eq(xPosts.blogPostId, blogPostId), channel ? eq(xPosts.channel, channel) : undefined))
    .orderBy(desc(xPosts.publishedAt), desc(xPosts.id))
  const channels = await import('#common/channels.ts')
  return rows.map((row) => toSocialPost(channels, row))
}

export interface SocialPostChange {
  text?: string | undefined
  asThread?: boolean | undefined
  linkAt?: 'first' | 'last' | undefined
}

/** A hold no process has: the last call's outcome is unknown, so the next try looks before posting. */
const LAPSED_HOLD = new Date(0)

/**
 * Nothing of it is on the network and no process is posting it. A lapsed hold (LAPSED_HOLD: the
 * last call got no answer) still lets the writer change the text: the next try looks for the part
 * it is about to post before posting it.
 */
const notYetPosted = (): SQL =>
  and(
    isNull(xPosts.tweetId),
    isNull(xPosts.remoteId),
    or(isNull(xPosts.postingAt), eq(xPosts.postingAt, LAPSED_HOLD)),
    eq(xPosts.postedParts, []),
  ) as SQL

/**
 * The writer's text and thread choice. Refused (422, nothing saved) when the result cannot be
 * posted: a part over the network's limit, LinkedIn's hook past 'see more', a thread where the
 * network has none; 409 once any of it is on the network or being posted.
 */
export async function updateSocialPost(db: Db, id: number, change: SocialPostChange): Promise<SocialPost> {
  const channels = await import('#common/channels.ts')
  const row = await rowOf(db, id)
  if (!row) throw new NotFoundError(SOCIAL_POST_NOT_FOUND)
  const rules = channels.CHANNEL_RULES[row.channel as Channel]
  if (change.asThread && !rules.threads) {
    throw new InvalidInputError(`${rules.label} has no threads: keep it one post.`, {
      asThread: `${rules.label} has no threads`,
    })
  }
  if (row.channel === 'x' && (change.asThread !== undefined || change.linkAt !== undefined)) {
    throw new InvalidInputError("An X post shares a thread through 'Share a thread' (linkInReply).", {
      asThread: 'Not for X posts',
    })
  }
  const next = {
    ...row,
    rewrittenContent: change.text ?? row.rewrittenContent,
    asThread: change.asThread ?? row.asThread,
    linkAt: change.linkAt ?? row.linkAt,
  }
  const plan = planOf(channels, next)
  if (!plan.hookFits) {
    const message = `The first paragraph must fit the ${rules.foldAt} characters ${rules.label} shows before 'see more'.`
    throw new InvalidInputError(message, { text: message })
  }
  if (!plan.fits) {
    const message = rules.threads
      ? `${count(plan.used)} of ${count(rules.limit)} characters as ${rules.label} counts them with the link: shorten it, or post it as a thread.`
      : `${count(plan.used)} of ${count(rules.limit)} characters as ${rules.label} counts them with the link: shorten it.`
    throw new InvalidInputError(message, { text: message })
  }
  const [updated] = await db
    .update(xPosts)
    .set({ rewrittenContent: next.rewrittenContent, asThread: next.asThread, linkAt: next.linkAt })
    .where(and(eq(xPosts.id, id), notYetPosted()))
    .returning()
  if (!updated)
    throw new ConflictError(`This post is on ${rules.label} already, or being posted: it can no longer change.`)
  return toSocialPost(channels, updated)
}

export interface PublishOptions {
  adapter: ChannelAdapter
  /** A hold older than this is from a process that died (SOCIAL_POSTING_CLAIM_SECONDS); renewed at each part. */
  claimMs: number
  /** The article as a card (LinkedIn, Bluesky); built by the caller from the post and its cover. */
  card?: () => Promise<LinkCard | undefined>
  now?: Date
  /** A scheduled run: post only while still 'scheduled' for this moment; a passing refusal keeps it scheduled unless lastTry. */
  due?: { at: Date; lastTry: boolean }
  signal?: AbortSignal
}

export type PublishResult =
  | { ok: true; socialPost: SocialPost }
  | { ok: false; socialPost: SocialPost; message: string; retry: boolean }
  | { ok: false; skipped: true; claimedUntil?: Date }

/**
 * Posts a social post (not X: x-posts.ts) to its network, part by part. The claim in SQL stops two
 * clicks or two instances from posting it at once; each part's answer is stored before the next
 * part goes, so a try after a crash goes on from the first part not yet there, and tells the
 * adapter when that part may have reached the network already (its claim lapsed mid-call).
 * Success sets 'published' with the first part's id and address; a refusal sets 'failed' with the
 * network's message (or keeps a scheduled one 'scheduled' for its next try). Null: no such post.
 */
export async function publishSocialPost(db: Db, id: number, options: PublishOptions): Promise<PublishResult | null> {
  const channels = await import('#common/channels.ts')
  const now = options.now ?? new Date()
  const { due } = options
  const before = await rowOf(db, id)
  if (!before || before.channel === 'x') return null
  const lapsed = new Date(now.getTime() - options.claimMs)
  const [claimed] = await db
    .update(xPosts)
    .set({ postingAt: now })
    .where(
      and(
        eq(xPosts.id, id),
        isNull(xPosts.remoteId),
        or(isNull(xPosts.postingAt), lt(xPosts.postingAt, lapsed)),
        due ? and(eq(xPosts.status, 'scheduled'), eq(xPosts.scheduledAt, due.at)) : undefined,
      ),
    )
    .returning()
  const label = channels.CHANNEL_RULES[before.channel as Channel].label
  if (!claimed) {
    const current = await rowOf(db, id)
    if (!current) return null
    if (due) {
      const held =
        current.remoteId === null &&
        current.status === 'scheduled' &&
        current.scheduledAt?.getTime() === due.at.getTime()
      const claimedUntil =
        held && current.postingAt ? new Date(current.postingAt.getTime() + options.claimMs) : undefined
      return { ok: false, skipped: true, ...(claimedUntil ? { claimedUntil } : {}) }
    }
    if (current.remoteId) throw new ConflictError(`This post is on ${label} already.`)
    throw new ConflictError(`This post is being posted to ${label} right now.`)
  }
  // A claim taken over from a process that died: the part it was posting may be there already.
  const mayExist = before.postingAt !== null
  const plan = planOf(channels, claimed)
  const settle = async (set: Partial<Row>) => {
    const [row] = await db
      .update(xPosts)
      .set({ postingAt: null, ...set })
      .where(eq(xPosts.id, id))
      .returning()
    return toSocialPost(channels, row ?? claimed)
  }
  if (!plan.fits) {
    const message = `${count(plan.used)} of ${count(plan.limit)} characters as ${label} counts them: shorten it before it is posted.`
    return { ok: false, socialPost: await settle({ status: 'failed', errorMessage: message }), message, retry: false }
  }
  const posted: PostedPart[] = [...claimed.postedParts]
  try {
    const card = options.card ? await options.card() : undefined
    const linkPart = claimed.linkAt === 'first' || plan.parts.length === 1 ? 0 : plan.parts.length - 1
    for (let index = posted.length; index < plan.parts.length; index++) {
      const root = posted[0]
      const parent = posted[index - 1]
      const part = await options.adapter.postPart({
        text: plan.parts[index] as string,
        key: `vq-${id}-${index}`,
        createdAt: claimed.publishedAt,
        index,
        mayExist: mayExist && index === claimed.postedParts.length,
        ...(root && parent ? { replyTo: { root, parent } } : {}),
        ...(card && index === linkPart ? { card } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
      posted.push(part)
      // Stored before the next part goes: a crash from here on never posts this part again. The
      // hold is renewed with it, so a long thread is not taken over while this process lives.
      await db.update(xPosts).set({ postedParts: posted, postingAt: new Date() }).where(eq(xPosts.id, id))
    }
  } catch (error) {
    const known = error instanceof ChannelApiError
    const message = known ? error.message : `Posting to ${label} failed unexpectedly.`
    const retry = known ? error.retry : false
    const keepScheduled = due && !due.lastTry && retry
    // No answer in time, or the network failed on its side: the part may be there all the same. The
    // row keeps a hold that has lapsed already, so the next try (here or anywhere) may go at once
    // and looks for that part first (mayExist), and the text can no longer change under it.
    const mayBeThere = known && (error.status === null || error.status >= 500)
    const socialPost = await settle({
      status: keepScheduled ? 'scheduled' : 'failed',
      errorMessage: message,
      ...(mayBeThere ? { postingAt: LAPSED_HOLD } : {}),
    })
    if (!known) throw error
    return { ok: false, socialPost, message, retry }
  }
  const first = posted[0] as PostedPart
  const socialPost = await settle({
    status: 'published',
    remoteId: first.id,
    remoteUrl: first.url,
    errorMessage: null,
    postedAt: new Date(),
  })
  return { ok: true, socialPost }
}
