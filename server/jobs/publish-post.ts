import type { JobDefinition } from '#server/jobs/job.ts'
import { publishScheduledPost } from '#server/services/schedule.ts'

/**
 * A scheduled draft goes live at its moment (and back to draft at once when its unpublish moment
 * has passed too); a cancelled or moved schedule leaves nothing to do.
 */
export const publishPostJob: JobDefinition = {
  name: 'publish-post',
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  concurrency: 2,
  batchSize: 10,
  run: async (job, { database, logger }) => {
    const published = await publishScheduledPost(database.db, job.data)
    if (published) logger.info({ postId: job.data.id, at: job.data.at }, 'scheduled post published')
  },
}
