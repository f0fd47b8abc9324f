import type { Config } from '#server/config.ts'
import { articleIsLive, type JobDefinition } from '#server/jobs/job.ts'
import { recordActivity, shortText } from '#server/services/activity.ts'
import { failScheduledXPost } from '#server/services/schedule.ts'
import { getXPost, postXPostToX, X_NOT_CONFIGURED } from '#server/services/x-posts.ts'

/** Tries in all of a scheduled X post that X refuses: the first and two retries with back-off. */
export const X_TRIES = 3

/**
 * A scheduled X post goes to X at its moment, through the same path as 'Post to X'. It never
 * links to a draft: until its blog post is live it waits (a new job at the post's own scheduled
 * moment, or a minute later when the post has none). X refusing it three times leaves it 'failed'
 * with X's answer.
 */
export const postToXJob = (config: Config): JobDefinition => ({
  name: 'post-to-x',
  queue: { retryLimit: X_TRIES - 1, retryDelay: config.x.retryDelaySeconds, retryBackoff: true },
  concurrency: 3,
  // Each waits for X: a few at a time per worker, so other instances share a backlog.
  batchSize: 3,
  run: async (job, context) => {
    const {
      database: { db },
      config,
      logger,
      queue,
    } = context
    const { id, at } = job.data
    const xPost = await getXPost(db, id)
    if (xPost?.status !== 'scheduled' || xPost.scheduledAt !== at) return
    if (!(await articleIsLive(job, xPost.blogPostId, context, 'post-to-x'))) return
    const { credentials, baseUrl } = config.x
    if (!credentials) {
      await failScheduledXPost(db, job.data, X_NOT_CONFIGURED)
      logger.warn({ xPostId: id }, 'scheduled X post failed: posting to X is not configured')
      return
    }
    const lastTry = job.retryCount >= X_TRIES - 1
    const result = await postXPostToX(db, id, { baseUrl, credentials, due: { at: new Date(at), lastTry } })
    if (!result) return
    if ('skipped' in result) {
      // Claimed by another run: in flight (it settles the X post), or of a process killed during
      // its call to X (its job given back at once). Look again once that claim has lapsed.
      if (result.claimedUntil) {
        await queue.enqueue(db, 'post-to-x', job.data, new Date(result.claimedUntil.getTime() + 1_000))
        logger.info({ xPostId: id }, 'scheduled X post is held by another run; it is looked at again when that ends')
      }
      return
    }
    if (result.ok) {
      logger.info({ xPostId: id, tweetId: result.xPost.tweetId }, 'scheduled X post posted')
      // Issue 28: by no one, the schedule.
      await recordActivity(
        db,
        {
          kind: 'x-post.post',
          userId: null,
          object: { type: 'x-post', id, label: shortText(result.xPost.rewrittenContent) },
          detail: 'on schedule',
        },
        logger,
      )
      return
    }
    logger.warn({ xPostId: id, reason: result.message, try: job.retryCount + 1 }, 'scheduled X post refused by X')
    // pg-boss tries it again after its back-off; the last refusal has already left it 'failed'.
    if (!lastTry) throw new Error(result.message)
  },
})
