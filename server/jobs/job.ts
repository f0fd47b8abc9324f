import type { Job, Queue } from 'pg-boss'
import type { Config } from '#server/config.ts'
import type { Database, Db } from '#server/db/client.ts'
import type { Logger } from '#server/logger.ts'
import type { DueJob, JobName, JobQueue } from '#server/services/job-queue.ts'

// What a kind of job is, apart from the queue that runs it: each job file describes one, and
// queue.ts lists them, so the imports go one way (issue 27).

/** What a job's handler gets: one due job, and what it may need to do it. */
export interface JobContext {
  database: Database
  config: Config
  logger: Logger
  queue: JobQueue
  /** The key of the secret box (server/secret-key.ts): what the invitation email's link is sealed with. */
  secretKey: () => Buffer
}

export interface JobDefinition {
  name: JobName
  /** pg-boss queue options: tries and back-off. */
  queue: Omit<Queue, 'name'>
  /** Jobs of this kind one instance runs at once. */
  concurrency: number
  /**
   * Jobs of this kind one fetch takes (each run in turn, settled on its own). While fetches come
   * back full the worker fetches again at once instead of waiting for its next poll, so a backlog
   * of due jobs (after a restart) drains at the speed of the jobs, not one job per poll.
   */
  batchSize: number
  run: (job: Job<DueJob>, context: JobContext) => Promise<void>
  /**
   * false: this instance cannot do these jobs (mail is not set up here) and leaves them to the
   * instances that can, instead of taking them only to fail them. Default true.
   */
  worksHere?: boolean
}

/**
 * A job that carries out one moment of a post's schedule (publish, unpublish): `act` does it if it
 * is still the plan and says whether it did; a done one is logged as `done`.
 */
export function postMomentJob({
  name,
  concurrency,
  act,
  done,
}: {
  name: JobName
  concurrency: number
  act: (db: Db, job: DueJob) => Promise<boolean>
  done: string
}): JobDefinition {
  return {
    name,
    queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
    concurrency,
    batchSize: 10,
    run: async (job, { database, logger }) => {
      if (await act(database.db, job.data)) logger.info({ postId: job.data.id, at: job.data.at }, done)
    },
  }
}
