import { and, eq, isNull } from 'drizzle-orm'
import type { Post } from '#common/contract/posts.ts'
import { scheduleProblem, type XPostsChoice } from '#common/contract/schedule.ts'
import type { XPost } from '#common/contract/x-posts.ts'
import type { Db } from '#server/db/client.ts'
import { xPosts } from '#server/db/schema.ts'
import { recordActivity } from '#server/services/activity.ts'
import { ConflictError, InvalidInputError, NotFoundError } from '#server/services/errors.ts'
import type { DueJob, JobName, JobQueue } from '#server/services/job-queue.ts'
import {
  cancelNewsletterOfPost,
  createNewsletter,
  moveNewsletterOfPost,
  newsletterOfPost,
} from '#server/services/newsletters.ts'
import {
  assertVersion,
  clearPublishSchedule,
  getPostById,
  saveDueSchedule,
  setPublishSchedule,
} from '#server/services/posts.ts'
import { lockArticleOf, xPostMoment, xPostsFollowPost } from '#server/services/x-post-timing.ts'
import { toXPost } from '#server/services/x-posts.ts'

/**
 * Issue 14 (docs/decisions/035-scheduling-with-pg-boss.md). The schedule lives in the posts' own
 * columns; a job of the queue only says "look at this row at this moment". A job makes the row
 * what its schedule says for now, in conditional UPDATEs: a schedule cancelled, moved later or
 * published by hand leaves nothing due, so cancelling never has to find a job, and two jobs for
 * one moment (or a publish and an unpublish both overdue) change the row once: the row decides.
 * This file says when; the posts service saves (posts.ts: the row, its revision, the
 * announcement), as it does for every other caller.
 */
function checkMoment(field: string, at: Date, now: Date) {
  const problem = scheduleProblem(at, now)
  if (problem)
    throw new InvalidInputError(`${field === 'at' ? 'Time' : 'Publish time'}: ${problem}.`, { [field]: problem })
}

export interface PostSchedule {
  publishAt: Date
  /** null clears it; undefined keeps the one set before (a move on the calendar). */
  unpublishAt: Date | null | undefined
  /** Its scheduled X posts: 'move' with it (the default) or 'keep' (x-post-timing.ts). */
  xPosts?: XPostsChoice
  /** Issue 28: who schedules it, and the version that was based on (undefined: not checked). */
  userId?: number | null
  expectedVersion?: number | undefined
  /** Issue 30: also send it as a newsletter when it goes live (a newsletter added in the same transaction). */
  sendNewsletter?: boolean
}

export interface ScheduledPost {
  post: Post
  /** The X posts that moved with it. */
  movedXPosts: XPost[]
}

const UNPUBLISH_BEFORE_PUBLISH = 'Must be after the publish time'

/**
 * Schedules (or moves) a draft's publication, and optionally its return to draft. Its scheduled X
 * posts move with it, or stay where they are if none would then go out before it (issue 27).
 */
export async function schedulePost(
  db: Db,
  queue: JobQueue,
  id: number,
  schedule: PostSchedule,
  now = new Date(),
): Promise<ScheduledPost> {
  const { publishAt, unpublishAt, xPosts: choice = 'move', userId, expectedVersion, sendNewsletter } = schedule
  checkMoment('publishAt', publishAt, now)
  if (unpublishAt && unpublishAt.getTime() <= publishAt.getTime()) {
    throw new InvalidInputError(`Unpublish time: ${UNPUBLISH_BEFORE_PUBLISH}.`, {
      unpublishAt: UNPUBLISH_BEFORE_PUBLISH,
    })
  }
  if (unpublishAt) checkMoment('unpublishAt', unpublishAt, now)
  await queue.ready()
  const scheduled = await db.transaction(async (tx) => {
    const set = await setPublishSchedule(tx, id, { publishAt, unpublishAt, userId, expectedVersion })
    if (!set) return null
    await queue.enqueue(tx, 'publish-post', { id, at: publishAt.toISOString() }, publishAt)
    if (unpublishAt) await queue.enqueue(tx, 'unpublish-post', { id, at: unpublishAt.toISOString() }, unpublishAt)
    // Its newsletter moves with it (issue 30), or is added now.
    await moveNewsletterOfPost(tx, queue, id, publishAt)
    if (sendNewsletter && !(await newsletterOfPost(tx, id))) {
      await createNewsletter(tx, queue, id, { userId: userId ?? null }, now)
    }
    const move = { from: set.replaced, to: publishAt, choice }
    return { post: set.post, movedXPosts: await xPostsFollowPost(tx, queue, id, move, now) }
  })
  if (scheduled) return scheduled
  await assertVersion(db, id, expectedVersion)
  const existing = await getPostById(db, id)
  if (!existing) throw new NotFoundError('Post not found')
  if (existing.isPublished) throw new ConflictError('This post is already published; unpublish it to schedule it.')
  throw new InvalidInputError(
    'Unpublish time: the post is set to go back to draft before this publish time; change or clear that first.',
    { unpublishAt: UNPUBLISH_BEFORE_PUBLISH },
  )
}

/** Drops a post's schedule (both moments); its jobs then find nothing to do. */
export async function cancelPostSchedule(
  db: Db,
  id: number,
  change: { userId?: number | null; expectedVersion?: number | undefined } = {},
): Promise<Post> {
  const post = await clearPublishSchedule(db, id, change)
  if (!post) throw new NotFoundError('Post not found')
  // A draft with no moment has no newsletter to send (issue 30).
  if (!post.isPublished) await cancelNewsletterOfPost(db, id)
  return post
}

/**
 * A job's own moment is due when it runs, even if this clock is a little behind the database's
 * (pg-boss starts jobs by the database's clock): otherwise it would find nothing due and finish.
 */
const dueBy = (job: DueJob, now: Date) => new Date(Math.max(now.getTime(), Date.parse(job.at)))

/**
 * The publish job: the draft goes live at its moment, and goes back to draft at once if its
 * unpublish moment has passed too (a late run). A cancelled or moved schedule leaves nothing due.
 */
export function publishScheduledPost(db: Db, job: DueJob, now = new Date()): Promise<boolean> {
  return saveDue(db, job, now)
}

/**
 * The unpublish job: back to draft if the post is live and still due then. When its publish job
 * has not run yet (both overdue after downtime), it publishes first, so the post ends the same.
 */
export function unpublishScheduledPost(db: Db, job: DueJob, now = new Date()): Promise<boolean> {
  return saveDue(db, job, now)
}

/**
 * Either job's work (the row decides what is due), and each step taken is one row of the activity
 * log by no one: the schedule (issue 28).
 */
async function saveDue(db: Db, job: DueJob, now: Date): Promise<boolean> {
  const change = await saveDueSchedule(db, job.id, dueBy(job, now), now)
  if (!change) return false
  const object = { type: 'post' as const, id: job.id, label: change.title }
  if (change.published) await recordActivity(db, { kind: 'post.publish', userId: null, object, detail: 'on schedule' })
  if (change.unpublished)
    await recordActivity(db, { kind: 'post.unpublish', userId: null, object, detail: 'on schedule' })
  return true
}

export interface XPostSchedule {
  /** Its time; left out with afterArticle. */
  at?: Date
  /** Right after its article: at its article's publish time (issue 27). */
  afterArticle?: boolean
  linkInReply?: boolean | undefined
}

type SocialRow = typeof xPosts.$inferSelect

/** The job that posts a social post at its moment: X keeps its own (issue 29). */
export const postJobOf = (channel: string): JobName => (channel === 'x' ? 'post-to-x' : 'post-social')

const notOnNetwork = and(isNull(xPosts.tweetId), isNull(xPosts.remoteId))

/**
 * Schedules (or moves) a social post that is not on its network yet, at or after the moment its
 * article goes live (issue 27: refused before it, or while the article has no publish time).
 * `channel` 'x': only an X post (the X endpoints); otherwise any network's.
 */
export async function scheduleSocialPost(
  db: Db,
  queue: JobQueue,
  id: number,
  { at: asked, afterArticle, linkInReply }: XPostSchedule,
  {
    now = new Date(),
    channel,
    refuse,
  }: {
    now?: Date
    channel?: 'x'
    /** Why the post cannot go out at its moment (an expiring token, issue 29); null when it can. */
    refuse?: (at: Date) => string | null
  } = {},
): Promise<SocialRow> {
  if (asked) checkMoment('at', asked, now)
  await queue.ready()
  const onlyChannel = channel ? eq(xPosts.channel, channel) : undefined
  const row = await db.transaction(async (tx) => {
    const article = await lockArticleOf(tx, id)
    if (!article || (channel && article.channel !== channel)) return null
    if (article.tweetId !== null) throw new ConflictError(ALREADY_POSTED(article.channel))
    const at = xPostMoment(article, { at: asked, afterArticle })
    checkMoment('at', at, now)
    const problem = refuse?.(at)
    if (problem) throw new ConflictError(problem, { at: problem })
    const [row] = await tx
      .update(xPosts)
      .set({
        status: 'scheduled',
        scheduledAt: at,
        errorMessage: null,
        ...(linkInReply === undefined ? {} : { linkInReply }),
      })
      .where(and(eq(xPosts.id, id), notOnNetwork, onlyChannel))
      .returning()
    if (!row) return null
    await queue.enqueue(tx, postJobOf(row.channel), { id, at: at.toISOString() }, at)
    return row
  })
  if (row) return row
  const [existing] = await db
    .select({ channel: xPosts.channel })
    .from(xPosts)
    .where(and(eq(xPosts.id, id), onlyChannel))
    .limit(1)
  if (!existing) throw new NotFoundError(channel === 'x' ? 'X post not found' : 'Social post not found')
  throw new ConflictError(ALREADY_POSTED(existing.channel))
}

const ALREADY_POSTED = (channel: string) =>
  channel === 'x' ? 'This X post is already on X.' : 'This post is on its network already.'

/** Schedules (or moves) an X post: scheduleSocialPost for X alone, answered as an X post. */
export async function scheduleXPost(
  db: Db,
  queue: JobQueue,
  id: number,
  schedule: XPostSchedule,
  now = new Date(),
): Promise<XPost> {
  return toXPost(await scheduleSocialPost(db, queue, id, schedule, { now, channel: 'x' }))
}

/** Back to draft. A failed or published social post has no schedule to cancel and is left as it is. */
export async function cancelSocialPostSchedule(db: Db, id: number, channel?: 'x'): Promise<SocialRow> {
  const onlyChannel = channel ? eq(xPosts.channel, channel) : undefined
  const [row] = await db
    .update(xPosts)
    .set({ scheduledAt: null, status: 'draft' })
    .where(and(eq(xPosts.id, id), eq(xPosts.status, 'scheduled'), onlyChannel))
    .returning()
  if (row) return row
  const [existing] = await db
    .select()
    .from(xPosts)
    .where(and(eq(xPosts.id, id), onlyChannel))
    .limit(1)
  if (!existing) throw new NotFoundError(channel === 'x' ? 'X post not found' : 'Social post not found')
  return existing
}

/** Back to draft, for an X post. */
export async function cancelXPostSchedule(db: Db, id: number): Promise<XPost> {
  return toXPost(await cancelSocialPostSchedule(db, id, 'x'))
}

/** A scheduled X post that cannot be tried at all (no X credentials any more): 'failed', with why. */
export async function failScheduledXPost(db: Db, job: DueJob, message: string) {
  await db
    .update(xPosts)
    .set({ status: 'failed', errorMessage: message })
    .where(and(eq(xPosts.id, job.id), eq(xPosts.status, 'scheduled'), eq(xPosts.scheduledAt, new Date(job.at))))
}
