import type { Job } from 'pg-boss'
import type { Db } from '#server/db/client.ts'
import type { JobContext, JobDefinition } from '#server/jobs/job.ts'
import { recordActivity, shortText } from '#server/services/activity.ts'
import type { DueJob } from '#server/services/job-queue.ts'
import { failScheduledXPost } from '#server/services/schedule.ts'

/** Tries in all of a scheduled social post (X or another network) that is refused: the first and two retries. */
export const POSTING_TRIES = 3

/** A scheduled social post whose article is an unscheduled draft looks again this much later. */
const DRAFT_RECHECK_MS = 60_000

type PostingJobName = 'post-to-x' | 'post-social'

/**
 * Whether a scheduled social post (X or another network) may go now: never before its article is
 * live. While the article is a draft the job comes back when it goes live (or a minute later when
 * it has no time), and this answers false; false too when the article is gone.
 */
async function articleIsLive(
  job: Job<DueJob>,
  blogPostId: number,
  { database: { db }, queue, logger }: Pick<JobContext, 'database' | 'queue' | 'logger'>,
  name: PostingJobName,
): Promise<boolean> {
  const { articleTiming } = await import('#server/services/x-post-timing.ts')
  const post = await articleTiming(db, blogPostId)
  if (!post) return false
  if (post.isPublished) return true
  const now = Date.now()
  const again = post.scheduledAt ? Math.max(now + 1_000, post.scheduledAt.getTime() + 1_000) : now + DRAFT_RECHECK_MS
  await queue.enqueue(db, name, job.data, new Date(again))
  logger.info(
    { socialPostId: job.data.id, postId: blogPostId, job: name },
    'scheduled social post waits for its blog post to go live',
  )
  return false
}

/** What one try of a scheduled social post came to, whichever network it is for. */
export type PostingOutcome =
  | { ok: true; text: string; logged: Record<string, unknown> }
  /** `retry`: the network may yet take it (a later try is worth it). */
  | { ok: false; message: string; retry: boolean }
  /** No longer due, or held by another run until `claimedUntil`. */
  | { ok: false; skipped: true; claimedUntil?: Date }

/**
 * The job that posts a scheduled X post or other social post at its moment (issues 14, 29): never
 * before its article is live, once (the claim is in its row), retried with back-off while a later
 * try may work, and 'failed' with the network's answer when it says 'never' or the last try fails.
 * What differs between networks is `load` (the post, if it is still scheduled for this moment) and
 * `post` (one try, or why it cannot be tried at all: then it is 'failed' with that `message`).
 */
export function scheduledPostingJob<P extends { blogPostId: number }>({
  name,
  retryDelaySeconds,
  what,
  idKey,
  activity,
  load,
  post,
}: {
  name: PostingJobName
  retryDelaySeconds: number
  /** How the logs name it: 'X post', 'social post'. */
  what: string
  /** The log field that carries its id. */
  idKey: 'xPostId' | 'socialPostId'
  activity: { type: 'x-post' | 'social-post'; detail: (post: P) => string }
  load: (db: Db, job: DueJob) => Promise<P | null | undefined>
  post: (
    post: P,
    context: JobContext,
    due: { at: Date; lastTry: boolean },
  ) => Promise<PostingOutcome | { cannot: string; why: string } | null>
}): JobDefinition {
  return {
    name,
    queue: { retryLimit: POSTING_TRIES - 1, retryDelay: retryDelaySeconds, retryBackoff: true },
    concurrency: 3,
    // Each waits for its network: a few at a time per worker, so other instances share a backlog.
    batchSize: 3,
    run: async (job, context) => {
      const {
        database: { db },
        logger,
        queue,
      } = context
      const { id, at } = job.data
      const found = await load(db, job.data)
      if (!found) return
      if (!(await articleIsLive(job, found.blogPostId, context, name))) return
      const lastTry = job.retryCount >= POSTING_TRIES - 1
      const result = await post(found, context, { at: new Date(at), lastTry })
      if (!result) return
      if ('cannot' in result) {
        await failScheduledXPost(db, job.data, result.cannot)
        logger.warn({ [idKey]: id }, `scheduled ${what} failed: ${result.why}`)
        return
      }
      if ('skipped' in result) {
        // Claimed by another run: in flight (it settles the post), or of a process killed during
        // its call to the network (its job given back at once). Look again once that claim has lapsed.
        if (result.claimedUntil) {
          await queue.enqueue(db, name, job.data, new Date(result.claimedUntil.getTime() + 1_000))
          logger.info({ [idKey]: id }, `scheduled ${what} is held by another run; it is looked at again when that ends`)
        }
        return
      }
      if (result.ok) {
        logger.info({ [idKey]: id, ...result.logged }, `scheduled ${what} posted`)
        // Issue 28: by no one, the schedule.
        await recordActivity(
          db,
          {
            kind: `${activity.type}.post`,
            userId: null,
            object: { type: activity.type, id, label: shortText(result.text) },
            detail: activity.detail(found),
          },
          logger,
        )
        return
      }
      logger.warn({ [idKey]: id, reason: result.message, try: job.retryCount + 1 }, `scheduled ${what} refused`)
      // pg-boss tries again after its back-off while a later try may work; otherwise it is 'failed' already.
      if (result.retry && !lastTry) throw new Error(result.message)
    },
  }
}
