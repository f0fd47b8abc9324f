import type { Config } from '#server/config.ts'
import type { JobDefinition } from '#server/jobs/job.ts'
import { scheduledPostingJob } from '#server/jobs/scheduled-posting.ts'
import { getXPost, postXPostToX, X_NOT_CONFIGURED } from '#server/services/x-posts.ts'

/**
 * A scheduled X post goes to X at its moment, through the same path as 'Post to X'. It never
 * links to a draft: until its blog post is live it waits (a new job at the post's own scheduled
 * moment, or a minute later when the post has none). X refusing it three times leaves it 'failed'
 * with X's answer.
 */
export const postToXJob = (config: Config): JobDefinition =>
  scheduledPostingJob({
    name: 'post-to-x',
    retryDelaySeconds: config.x.retryDelaySeconds,
    what: 'X post',
    idKey: 'xPostId',
    activity: { type: 'x-post', detail: () => 'on schedule' },
    load: async (db, { id, at }) => {
      const xPost = await getXPost(db, id)
      return xPost?.status === 'scheduled' && xPost.scheduledAt === at ? xPost : null
    },
    post: async (xPost, { database: { db }, config }, due) => {
      const { credentials, baseUrl } = config.x
      if (!credentials) return { cannot: X_NOT_CONFIGURED, why: 'posting to X is not configured' }
      const result = await postXPostToX(db, xPost.id, { baseUrl, credentials, due })
      if (!result || 'skipped' in result) return result
      if (result.ok) return { ok: true, text: result.xPost.rewrittenContent, logged: { tweetId: result.xPost.tweetId } }
      // Every refusal by X is worth another try while tries are left.
      return { ok: false, message: result.message, retry: true }
    },
  })
