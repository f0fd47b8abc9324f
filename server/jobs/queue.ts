import { sql } from 'drizzle-orm'
import type { DrizzleTransactionLike, Job, Queue } from 'pg-boss'
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
  /** Starts pg-boss now if it waits (`deferred`); does nothing more after the first call. */
  begin: () => void
  stop: () => Promise<void>
}

/**
 * Starts pg-boss (docs/decisions/035-scheduling-with-pg-boss.md) on the app's own database:
 * PostgreSQL through a small pool of its own (several instances share the jobs, each taken by one),
 * or PGlite through pg-boss's adapter (one process). Jobs due while no instance ran are taken once
 * it has started. It starts beside the server, not before it (loading and starting pg-boss takes
 * a few hundred ms a restart need not wait for): `ready()` resolves when jobs can be added.
 * With `deferred`, pg-boss starts only at `begin()` (the server calls it at its first answer, or a
 * second after the listen: its queries would otherwise run on the same database as the first
 * request), or as soon as a job is added or `ready()` is asked for, so a request that schedules
 * never waits on it.
 * With `work: false` jobs are only added (a test that drives the jobs itself).
 */
export function startJobs(
  database: Database,
  config: Config,
  logger: Logger,
  { work = true, deferred = false }: { work?: boolean; deferred?: boolean } = {},
): RunningJobs {
  let begin = () => {}
  const gate = new Promise<void>((resolve) => {
    begin = resolve
  })
  if (!deferred) begin()
  let stopped = false
  const whenStarted = async () => {
    begin()
    const begun = await started
    if (!begun) throw new Error('The job queue was stopped before it started.')
    return begun
  }
  const queue: JobQueue = {
    ready: async () => {
      await whenStarted()
    },
    enqueue: async (tx, name, job, startAfter) => (await whenStarted()).send(tx, name, job, startAfter),
  }
  const started = (async () => {
    await gate
    // Stopped before it was needed: nothing to start, nothing to stop.
    if (stopped) return null
    const { PgBoss, fromDrizzle, fromPglite } = await import('pg-boss')
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
    const definitions = jobDefinitions(config)
    for (const definition of definitions) {
      // createQueue leaves an existing queue alone; updateQueue brings its options up to date.
      await boss.createQueue(definition.name, definition.queue)
      await boss.updateQueue(definition.name, definition.queue)
    }
    const send: JobQueue['enqueue'] = async (tx, name, job, startAfter) => {
      await boss.send(name, job, { startAfter, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) })
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
    return { boss, send }
  })()
  started.catch((error) => logger.error({ err: error }, 'job queue could not start; scheduled work waits'))
  return {
    ...queue,
    begin,
    // Running jobs may finish (bounded): a post half-published is not a state we keep.
    stop: async () => {
      stopped = true
      begin()
      const running = await started.catch(() => null)
      await running?.boss.stop({ graceful: true, timeout: Math.max(1000, config.shutdownTimeoutMs) })
    },
  }
}

function jobDefinitions(config: Config): JobDefinition[] {
  return [publishPostJob, unpublishPostJob, postToXJob(config)]
}
