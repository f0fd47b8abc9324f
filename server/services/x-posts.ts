import { and, desc, eq, isNull, lt, or } from 'drizzle-orm'
import { tweetText, type XPost, type XPostStatus } from '#common/contract/x-posts.ts'
import type { XCredentials } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, xPosts } from '#server/db/schema.ts'
import type { Logger } from '#server/logger.ts'
import { templateXPostWriter, type XPostWriter } from '#server/services/ai/x-post.ts'
import { ConflictError } from '#server/services/errors.ts'
import { isoOrNull } from '#server/services/posts.ts'
import { newShortCode, shortUrlFor } from '#server/services/short-links.ts'
import { postTweet, XApiError } from '#server/services/x-api.ts'

type Row = typeof xPosts.$inferSelect

/** The X endpoints see X posts alone; the table holds every network's social posts (issue 29). */
const isX = eq(xPosts.channel, 'x')

/** Why 'Post to X' (now or scheduled) cannot work on this server: the setup hint. */
export const X_NOT_CONFIGURED =
  'Posting to X is not configured: set X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN and X_ACCESS_TOKEN_SECRET on the server.'

/** A row as the API shows it: every column but the internal posting claim, the time as an ISO string. */
export function toXPost(row: Row): XPost {
  const {
    publishedAt,
    status,
    postingAt: _claim,
    scheduledAt,
    postedAt,
    // Issue 29's columns are the other networks'; an X post answers as it did before them.
    channel: _channel,
    remoteId: _remoteId,
    remoteUrl: _remoteUrl,
    postedParts: _postedParts,
    asThread: _asThread,
    linkAt: _linkAt,
    ...fields
  } = row
  return {
    ...fields,
    publishedAt: publishedAt.toISOString(),
    status: status as XPostStatus,
    scheduledAt: isoOrNull(scheduledAt),
    postedAt: isoOrNull(postedAt),
  }
}

export interface CreateXPostInput {
  blogPostId: number
  customContent: string | null
  publicUrl: string
  writer?: XPostWriter
  logger?: Logger
  now?: Date
}

const CODE_ATTEMPTS = 5

/**
 * What a social post of any network is written from: the blog post's title, excerpt and tags, and
 * the text it starts from (the writer's own, else title and excerpt). Null: no such blog post.
 */
export async function articleToPromote(db: Db, blogPostId: number, customContent: string | null | undefined) {
  const [post] = await db
    .select({ title: blogPosts.title, excerpt: blogPosts.excerpt, tags: blogPosts.tags })
    .from(blogPosts)
    .where(eq(blogPosts.id, blogPostId))
    .limit(1)
  if (!post) return null
  return { post, originalContent: customContent ?? [post.title, post.excerpt?.trim()].filter(Boolean).join('\n\n') }
}

/** Whether blog post `id` exists: a list of its social posts is null, not empty, when it does not. */
export async function blogPostExists(db: Db, id: number): Promise<boolean> {
  const [post] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
  return post !== undefined
}

/**
 * Creates a draft X post for a blog post: the text (AI writer when configured, else the
 * template), fitted to X's 280 weighted characters with its link, and a new short link.
 * Answers null when the blog post does not exist.
 */
export async function createXPost(db: Db, input: CreateXPostInput): Promise<XPost | null> {
  const article = await articleToPromote(db, input.blogPostId, input.customContent)
  if (!article) return null
  const { post, originalContent } = article
  // X's length rules (twitter-text, with core-js) load on the first X post, not at every start
  // (docs/decisions/042-fast-restart.md).
  const { templateXText, truncateToWeight, X_TEXT_BUDGET } = await import('#common/x-post-text.ts')
  const source = { ...post, customContent: input.customContent, budget: X_TEXT_BUDGET }
  const writer = input.writer ?? templateXPostWriter
  let written: string
  try {
    written = await writer.write(source)
  } catch (error) {
    // An AI outage must not stop the admin from promoting a post: fall back to the template.
    input.logger?.warn({ err: error, writer: writer.name }, 'X post writer failed; using the template')
    written = await templateXPostWriter.write(source)
  }
  // Whoever wrote it, the text must fit: 280 weighted characters with a space and the link.
  let rewrittenContent = truncateToWeight(written, X_TEXT_BUDGET)
  if (rewrittenContent === '') rewrittenContent = templateXText(post)

  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const shortCode = newShortCode()
    const [row] = await db
      .insert(xPosts)
      .values({
        blogPostId: input.blogPostId,
        originalContent,
        rewrittenContent,
        shortCode,
        shortUrl: shortUrlFor(input.publicUrl, shortCode),
        status: 'draft',
        ...(input.now ? { publishedAt: input.now } : {}),
      })
      // The unique constraint decides whether a code is free; a taken one is retried with a new code.
      .onConflictDoNothing({ target: xPosts.shortCode })
      .returning()
    if (row) return toXPost(row)
  }
  throw new ConflictError('Could not find a free short link code; please try again.')
}

/** Newest first; null when the blog post does not exist. */
export async function listXPosts(db: Db, blogPostId: number): Promise<XPost[] | null> {
  if (!(await blogPostExists(db, blogPostId))) return null
  const rows = await db
    .select()
    .from(xPosts)
    .where(and(eq(xPosts.blogPostId, blogPostId), isX))
    .orderBy(desc(xPosts.publishedAt), desc(xPosts.id))
  return rows.map(toXPost)
}

export async function getXPost(db: Db, id: number): Promise<XPost | null> {
  const [row] = await db
    .select()
    .from(xPosts)
    .where(and(eq(xPosts.id, id), isX))
    .limit(1)
  return row ? toXPost(row) : null
}

/** Mark Published / Mark Draft (or failed). A status other than failed clears the last X error. */
export async function setXPostStatus(db: Db, id: number, status: XPostStatus): Promise<XPost | null> {
  const [row] = await db
    .update(xPosts)
    // Marking it by hand ends a schedule: the job then finds it no longer 'scheduled'.
    .set({ status, scheduledAt: null, ...(status === 'failed' ? {} : { errorMessage: null }) })
    .where(and(eq(xPosts.id, id), isX))
    .returning()
  return row ? toXPost(row) : null
}

/** A claim older than this is taken to be from a process that died mid-call. */
const POSTING_CLAIM_MS = 2 * 60 * 1000

export interface PostToXOptions {
  baseUrl: string
  credentials: XCredentials
  timeoutMs?: number
  now?: Date
  /** 'Share a thread' for this call; the X post's own setting when absent. */
  linkInReply?: boolean
  /**
   * A scheduled run (issue 14): post only while the X post is still 'scheduled' for this moment,
   * and on a refusal keep it 'scheduled' (another try follows) unless `lastTry`.
   */
  due?: { at: Date; lastTry: boolean }
}

export type PostToXResult =
  | { ok: true; xPost: XPost }
  | { ok: false; xPost: XPost; message: string }
  /**
   * `due` no longer matches (cancelled, moved, or posted by hand meanwhile), or another run holds
   * the claim: then `claimedUntil` says when that claim is taken to be from a process that died.
   */
  | { ok: false; skipped: true; claimedUntil?: Date }

/**
 * Publishes the X post on X: the text and link in one post, or with `linkInReply` the text alone
 * and the link in a first reply. Success stores the tweet id and URL and sets 'published'; a
 * refusal or an unreachable API sets 'failed' and keeps the message. Answers null when the X post
 * does not exist; throws ConflictError when it is on X already or being posted right now.
 */
export async function postXPostToX(db: Db, id: number, options: PostToXOptions): Promise<PostToXResult | null> {
  const now = options.now ?? new Date()
  const { due } = options
  // Claim in SQL before calling X: two clicks (or two instances) must not post it twice.
  const [claimed] = await db
    .update(xPosts)
    .set({ postingAt: now, ...(options.linkInReply === undefined ? {} : { linkInReply: options.linkInReply }) })
    .where(
      and(
        eq(xPosts.id, id),
        isX,
        isNull(xPosts.tweetId),
        or(isNull(xPosts.postingAt), lt(xPosts.postingAt, new Date(now.getTime() - POSTING_CLAIM_MS))),
        due ? and(eq(xPosts.status, 'scheduled'), eq(xPosts.scheduledAt, due.at)) : undefined,
      ),
    )
    .returning()
  if (!claimed) {
    if (due) {
      const [held] = await db
        .select({ postingAt: xPosts.postingAt })
        .from(xPosts)
        .where(
          and(
            eq(xPosts.id, id),
            isNull(xPosts.tweetId),
            eq(xPosts.status, 'scheduled'),
            eq(xPosts.scheduledAt, due.at),
          ),
        )
        .limit(1)
      const claimedUntil = held?.postingAt ? new Date(held.postingAt.getTime() + POSTING_CLAIM_MS) : undefined
      return { ok: false, skipped: true, ...(claimedUntil ? { claimedUntil } : {}) }
    }
    const existing = await getXPost(db, id)
    if (!existing) return null
    if (existing.tweetId) throw new ConflictError('This X post is already on X.')
    throw new ConflictError('This X post is being posted to X right now.')
  }
  const xPost = toXPost(claimed)
  let tweet: { id: string; url: string }
  try {
    tweet = await postTweet(xPost.linkInReply ? xPost.rewrittenContent : tweetText(xPost), options)
  } catch (error) {
    const message = error instanceof XApiError ? error.message : 'Posting to X failed unexpectedly.'
    const status = due && !due.lastTry ? 'scheduled' : 'failed'
    const [row] = await db
      .update(xPosts)
      .set({ status, errorMessage: message, postingAt: null })
      .where(eq(xPosts.id, id))
      .returning()
    if (!(error instanceof XApiError)) throw error
    return row ? { ok: false, xPost: toXPost(row), message } : null
  }
  // The post is on X from here on: whatever the reply does, it is never posted again.
  let replyTweetId: string | null = null
  let errorMessage: string | null = null
  if (xPost.linkInReply) {
    try {
      replyTweetId = (await postTweet(xPost.shortUrl, options, tweet.id)).id
    } catch (error) {
      const reason = error instanceof XApiError ? error.message : 'it failed unexpectedly'
      errorMessage = `Posted to X, but the reply with the link was not: ${reason}`
    }
  }
  const [row] = await db
    .update(xPosts)
    .set({
      status: 'published',
      tweetId: tweet.id,
      tweetUrl: tweet.url,
      replyTweetId,
      errorMessage,
      postingAt: null,
      postedAt: new Date(),
    })
    .where(eq(xPosts.id, id))
    .returning()
  return row ? { ok: true, xPost: toXPost(row) } : null
}
