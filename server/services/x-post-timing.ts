import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { scheduleProblem, type XPostsChoice } from '#common/contract/schedule.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import type { Db } from '#server/db/client.ts'
import { blogPosts, xPosts } from '#server/db/schema.ts'
import { ConflictError } from '#server/services/errors.ts'
import { toXPost } from '#server/services/x-posts.ts'

/**
 * Issue 27 item 9: an X post never goes out before its article (the post-to-x job waits for it),
 * so the schedule says so instead of letting a time be set that would not hold. An X post is
 * scheduled at or after its article's publish time; a post that moves takes its X posts along, or
 * keeps them only where they still come after it. docs/decisions/035 (addendum).
 */

/** What this needs of schedule.ts's JobQueue (declared here so the two files do not import each other). */
interface XJobQueue {
  enqueue: (
    tx: Db,
    name: 'post-to-x' | 'post-social',
    job: { id: number; at: string },
    startAfter: Date,
  ) => Promise<void>
}

/** A moment in the answer's sentences: the server does not know the writer's zone, so UTC, said so. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export const ARTICLE_NOT_SCHEDULED =
  'Its article is a draft without a publish time, and an X post never links to a draft: schedule or publish the article first.'
export const ARTICLE_ALREADY_LIVE = 'Its article is already live: pick a time for the X post.'

export interface XPostArticle {
  /** The social post's own state: one already on its network (its id there) cannot be scheduled. */
  tweetId: string | null
  channel: string
  isPublished: boolean
  scheduledAt: Date | null
}

/** Whether blog post `id` is live, and when it goes live if it is a scheduled draft; null when gone. */
export async function articleTiming(db: Db, id: number): Promise<Omit<XPostArticle, 'tweetId' | 'channel'> | null> {
  const [row] = await db
    .select({ isPublished: blogPosts.isPublished, scheduledAt: blogPosts.scheduledAt })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1)
  return row ?? null
}

/**
 * The article of X post `id`, locked until the caller's transaction ends, so the article cannot
 * move between this check and the X post's new time (schedulePost locks it for update first; X posts
 * of one article can still be scheduled side by side).
 */
export async function lockArticleOf(tx: Db, id: number): Promise<XPostArticle | null> {
  const [row] = await tx
    .select({
      tweetId: sql<string | null>`coalesce(${xPosts.tweetId}, ${xPosts.remoteId})`,
      channel: xPosts.channel,
      isPublished: blogPosts.isPublished,
      scheduledAt: blogPosts.scheduledAt,
    })
    .from(xPosts)
    .innerJoin(blogPosts, eq(blogPosts.id, xPosts.blogPostId))
    .where(eq(xPosts.id, id))
    .for('share', { of: blogPosts })
    .limit(1)
  return row ?? null
}

/**
 * The moment an X post is scheduled for: `at`, or its article's publish time with `afterArticle`.
 * Refused (409, with `articleAt` beside the sentence) when that would be before the article goes
 * live, or when the article has no publish time to follow.
 */
export function xPostMoment(article: XPostArticle, choice: { at?: Date; afterArticle?: boolean }): Date {
  if (article.isPublished) {
    if (choice.at) return choice.at
    throw new ConflictError(ARTICLE_ALREADY_LIVE, {}, { articleAt: null })
  }
  const live = article.scheduledAt
  if (!live) throw new ConflictError(ARTICLE_NOT_SCHEDULED, {}, { articleAt: null })
  if (choice.afterArticle || !choice.at) return live
  if (choice.at.getTime() < live.getTime()) {
    throw new ConflictError(
      `Its article goes live at ${utc(live)}, and an X post never goes out before its article: pick that time or later, or schedule it right after the article.`,
      {},
      { articleAt: live.toISOString() },
    )
  }
  return choice.at
}

/**
 * A post's scheduled X posts when the post moves from `from` (null: it had no publish time) to
 * `to`, in the caller's transaction. 'move': each moves by as much as the post, and any that would
 * still go out before it goes right after it; each gets its job, as scheduleXPost adds one.
 * 'keep': nothing changes, and the move is refused if any would go out before the post.
 * Answers the X posts that moved.
 */
export async function xPostsFollowPost(
  tx: Db,
  queue: XJobQueue,
  postId: number,
  move: { from: Date | null; to: Date; choice: XPostsChoice },
  now: Date,
): Promise<XPost[]> {
  const { from, to, choice } = move
  const rows = await tx
    .select()
    .from(xPosts)
    .where(
      and(
        eq(xPosts.blogPostId, postId),
        eq(xPosts.status, 'scheduled'),
        isNull(xPosts.tweetId),
        isNull(xPosts.remoteId),
      ),
    )
    .orderBy(asc(xPosts.scheduledAt), asc(xPosts.id))
    .for('update')
  const scheduled = rows.filter((r): r is typeof r & { scheduledAt: Date } => r.scheduledAt !== null)
  if (choice === 'keep') {
    const early = scheduled.filter((r) => r.scheduledAt.getTime() < to.getTime())
    if (early.length > 0) {
      const one = early.length === 1
      const which = one ? 'One of its scheduled social posts' : `${early.length} of its scheduled social posts`
      throw new ConflictError(
        `${which} would then go out before the post, and a social post never goes out before its article: move ${one ? 'it' : 'them'} with the post, or give ${one ? 'that one' : 'those'} a later time first.`,
        {},
        { xPostsBefore: early.map((r) => r.id) },
      )
    }
    return []
  }
  const delta = from ? to.getTime() - from.getTime() : 0
  const moved: XPost[] = []
  for (const row of scheduled) {
    const at = new Date(Math.max(row.scheduledAt.getTime() + delta, to.getTime()))
    if (at.getTime() === row.scheduledAt.getTime()) continue
    const problem = scheduleProblem(at, now)
    if (problem) {
      throw new ConflictError(
        `One of its social posts would then be due at ${utc(at)} (${problem.toLowerCase()}): change that one first, or keep social posts where they are.`,
      )
    }
    const [updated] = await tx
      .update(xPosts)
      .set({ scheduledAt: at, errorMessage: null })
      .where(eq(xPosts.id, row.id))
      .returning()
    if (!updated) continue
    await queue.enqueue(tx, row.channel === 'x' ? 'post-to-x' : 'post-social', { id: row.id, at: at.toISOString() }, at)
    moved.push(toXPost(updated))
  }
  return moved
}
