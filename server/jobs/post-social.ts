import type { Channel } from '#common/channels.ts'
import type { Config } from '#server/config.ts'
import { articleIsLive, type JobDefinition } from '#server/jobs/job.ts'
import { recordActivity, shortText } from '#server/services/activity.ts'
import {
  adapterFor,
  expiryProblem,
  linkCardOf,
  notConnected,
  type OtherChannel,
} from '#server/services/channels/index.ts'
import { failScheduledXPost } from '#server/services/schedule.ts'
import { getSocialPost, publishSocialPost } from '#server/services/social-posts.ts'

/** Tries in all of a scheduled social post that its network refuses for now: the first and two retries. */
export const SOCIAL_TRIES = 3

/**
 * Issue 29: a scheduled LinkedIn, Bluesky, Mastodon or Threads post goes out at its moment, as the
 * X job does for X (post-to-x.ts): never before its article is live, once (the claim and the parts
 * already there are in its row), retried with back-off while the network answers 'not now', and
 * 'failed' with the network's answer when it says 'never' or the last try fails.
 */
export const postSocialJob = (config: Config): JobDefinition => ({
  name: 'post-social',
  queue: { retryLimit: SOCIAL_TRIES - 1, retryDelay: config.social.retryDelaySeconds, retryBackoff: true },
  concurrency: 3,
  batchSize: 3,
  run: async (job, context) => {
    const {
      database: { db },
      config,
      logger,
      queue,
      secretKey,
    } = context
    const { id, at } = job.data
    const socialPost = await getSocialPost(db, id)
    if (!socialPost || socialPost.channel === 'x') return
    if (socialPost.status !== 'scheduled' || socialPost.scheduledAt !== at) return
    if (!(await articleIsLive(job, socialPost.blogPostId, context, 'post-social'))) return
    const channel = socialPost.channel as OtherChannel
    const services = { db, config, secretKey: secretKey() }
    // A token that has stopped working meanwhile: failed with why, not tried (scheduling refuses it beforehand).
    const expired = await expiryProblem(services, channel, new Date())
    if (expired) {
      await failScheduledXPost(db, job.data, expired)
      logger.warn({ socialPostId: id, channel }, 'scheduled social post failed: its token has expired')
      return
    }
    const adapter = await adapterFor(services, channel)
    if (!adapter) {
      await failScheduledXPost(db, job.data, notConnected(channel as Channel))
      logger.warn({ socialPostId: id, channel }, 'scheduled social post failed: its network is not connected')
      return
    }
    const lastTry = job.retryCount >= SOCIAL_TRIES - 1
    const result = await publishSocialPost(db, id, {
      adapter,
      claimMs: config.social.postingClaimSeconds * 1000,
      card: () => linkCardOf(db, socialPost.blogPostId, socialPost.shortUrl),
      due: { at: new Date(at), lastTry },
    })
    if (!result) return
    if ('skipped' in result) {
      if (result.claimedUntil) {
        await queue.enqueue(db, 'post-social', job.data, new Date(result.claimedUntil.getTime() + 1_000))
        logger.info(
          { socialPostId: id },
          'scheduled social post is held by another run; looked at again when that ends',
        )
      }
      return
    }
    if (result.ok) {
      logger.info({ socialPostId: id, channel, remoteId: result.socialPost.remoteId }, 'scheduled social post posted')
      await recordActivity(
        db,
        {
          kind: 'social-post.post',
          userId: null,
          object: { type: 'social-post', id, label: shortText(result.socialPost.text) },
          detail: `on schedule to ${channel}`,
        },
        logger,
      )
      return
    }
    logger.warn(
      { socialPostId: id, channel, reason: result.message, try: job.retryCount + 1 },
      'scheduled social post refused',
    )
    // pg-boss tries again after its back-off while the network may yet take it; otherwise it is 'failed' already.
    if (result.retry && !lastTry) throw new Error(result.message)
  },
})
