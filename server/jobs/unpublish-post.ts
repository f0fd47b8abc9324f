import type { JobDefinition } from '#server/jobs/job.ts'
import { unpublishScheduledPost } from '#server/services/schedule.ts'

/**
 * A published post goes back to draft at its 'unpublish at' moment, if that is still its plan; a
 * publish still overdue (its job not run yet after downtime) is done first.
 */
export const unpublishPostJob: JobDefinition = {
  name: 'unpublish-post',
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  concurrency: 1,
  batchSize: 10,
  run: async (job, { database, logger }) => {
    const unpublished = await unpublishScheduledPost(database.db, job.data)
    if (unpublished) logger.info({ postId: job.data.id, at: job.data.at }, 'scheduled unpublish done')
  },
}
