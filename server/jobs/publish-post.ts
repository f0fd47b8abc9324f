import { postMomentJob } from '#server/jobs/job.ts'
import { publishScheduledPost } from '#server/services/schedule.ts'

/**
 * A scheduled draft goes live at its moment (and back to draft at once when its unpublish moment
 * has passed too); a cancelled or moved schedule leaves nothing to do.
 */
export const publishPostJob = postMomentJob({
  name: 'publish-post',
  concurrency: 2,
  act: publishScheduledPost,
  done: 'scheduled post published',
})
