import { sql } from 'drizzle-orm'
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type Job, PgBoss, type Queue } from 'pg-boss'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { postToXJob } from '#server/jobs/post-to-x.ts'
import { publishPostJob } from '#server/jobs/publish-post.ts'
import { unpublishPostJob } from '#server/jobs/unpublish-post.ts'
import type { Logger } from '#server/logger.ts'
import type { DueJob, JobName, JobQueue } from '#server/services/schedule.ts'

/** What a job's handler gets: one due job, and what it may need to do it. */
export interface JobContext {
  database: Database
  config: Config
  logger: Logger
  queue: JobQueue
}

export interface JobDefinition {
  name: JobName
  /** pg-boss queue options: tries and back-off. */
  queue: Omit<Queue, 'name'>
  /** Jobs of this kind one instance runs at once. */
  concurrency: number
  run: (job: Job<DueJob>, context: JobContext) => Promise<void>
}

export interface RunningJobs extends JobQueue {
  stop: () => Promise<void>
}

/**
 * Starts pg-boss (docs/decisions/035-scheduling-with-pg-boss.md) on the app's own database:
 * PostgreSQL through a small pool of its own (several instances share the jobs, each taken by one),
 * or PGlite through pg-boss's adapter (one process). Jobs due while no instance ran are taken at
 * the next start. With `work: false` jobs are only added (a test that drives the jobs itself).
 */
export async function startJobs(
  database: Database,
  config: Config,
  logger: Logger,
  { work = true }: { work?: boolean } = {},
): Promise<RunningJobs> {
  const boss =
    database.kind === 'postgres' && 'pool' in database
      ? new PgBoss({
          // The pool's own connection settings: same server, same database, as the app's pool.
          ...(database.pool as { options: { connectionString?: string } }).options,
          max: 4,
          application_name: 'videoquest-jobs',
          schedule: false,
        })
      : new PgBoss({
          db: fromPglite((database as Database & { client: Parameters<typeof fromPglite>[0] }).client),
          backend: 'pglite',
          schedule: false,
        })
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'))
  await boss.start()

  const queue: JobQueue = {
    enqueue: async (tx, name, job, startAfter) => {
      await boss.send(name, job, { startAfter, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) })
    },
  }
  const definitions = jobDefinitions(config)
  for (const definition of definitions) {
    // createQueue leaves an existing queue alone; updateQueue brings its options up to date.
    await boss.createQueue(definition.name, definition.queue)
    await boss.updateQueue(definition.name, definition.queue)
  }
  if (work) {
    const context: JobContext = { database, config, logger, queue }
    for (const definition of definitions) {
      await boss.work<DueJob>(
        definition.name,
        { pollingIntervalSeconds: config.jobPollSeconds, localConcurrency: definition.concurrency },
        async ([job]) => {
          if (job) await definition.run(job, context)
        },
      )
    }
  }
  return {
    ...queue,
    // Running jobs may finish (bounded): a post half-published is not a state we keep.
    stop: () => boss.stop({ graceful: true, timeout: Math.max(1000, config.shutdownTimeoutMs) }),
  }
}

function jobDefinitions(config: Config): JobDefinition[] {
  return [publishPostJob, unpublishPostJob, postToXJob(config)]
}
