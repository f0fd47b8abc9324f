import { postMomentJob } from '#server/jobs/job.ts'
import { unpublishScheduledPost } from '#server/services/schedule.ts'

/**
 * A published post goes back to draft at its 'unpublish at' moment, if that is still its plan; a
 * publish still overdue (its job not run yet after downtime) is done first.
 */
export const unpublishPostJob = postMomentJob({
  name: 'unpublish-post',
  concurrency: 1,
  act: unpublishScheduledPost,
  done: 'scheduled unpublish done',
})
