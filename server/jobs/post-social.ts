import type { Channel } from '#common/channels.ts'
import type { Config } from '#server/config.ts'
import type { JobDefinition } from '#server/jobs/job.ts'
import { scheduledPostingJob } from '#server/jobs/scheduled-posting.ts'
import {
  adapterFor,
  expiryProblem,
  linkCardOf,
  notConnected,
  type OtherChannel,
} from '#server/services/channels/index.ts'
import { getSocialPost, publishSocialPost } from '#server/services/social-posts.ts'

/**
 * Issue 29: a scheduled LinkedIn, Bluesky, Mastodon or Threads post goes out at its moment, as the
 * X job does for X (post-to-x.ts), on the same shared path (scheduled-posting.ts).
 */
export const postSocialJob = (config: Config): JobDefinition =>
  scheduledPostingJob({
    name: 'post-social',
    retryDelaySeconds: config.social.retryDelaySeconds,
    what: 'social post',
    idKey: 'socialPostId',
    load: async (db, { id, at }) => {
      const socialPost = await getSocialPost(db, id)
      if (!socialPost || socialPost.channel === 'x') return null
      return socialPost.status === 'scheduled' && socialPost.scheduledAt === at ? socialPost : null
    },
    post: async (socialPost, { database: { db }, config, secretKey }, due) => {
      const channel = socialPost.channel as OtherChannel
      const services = { db, config, secretKey: secretKey() }
      // A token that has stopped working meanwhile: failed with why, not tried (scheduling refuses it beforehand).
      const expired = await expiryProblem(services, channel, new Date())
      if (expired) return { cannot: expired, why: `its ${channel} token has expired` }
      const adapter = await adapterFor(services, channel)
      if (!adapter) return { cannot: notConnected(channel as Channel), why: `${channel} is not connected` }
      const result = await publishSocialPost(db, socialPost.id, {
        adapter,
        claimMs: config.social.postingClaimSeconds * 1000,
        card: () => linkCardOf(db, socialPost.blogPostId, socialPost.shortUrl),
        due,
      })
      if (!result || 'skipped' in result) return result
      if (result.ok) {
        return { ok: true, text: result.socialPost.text, logged: { channel, remoteId: result.socialPost.remoteId } }
      }
      return { ok: false, message: result.message, retry: result.retry }
    },
    activity: { type: 'social-post', detail: (socialPost) => `on schedule to ${socialPost.channel}` },
  })
