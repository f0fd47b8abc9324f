import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { DrizzleTransactionLike, Job, JobResult, Queue } from 'pg-boss'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { importRunJob } from '#server/jobs/import-run.ts'
import { invitationEmailJob } from '#server/jobs/invitation-email.ts'
import type { JobContext, JobDefinition } from '#server/jobs/job.ts'
import { newsletterSendJob } from '#server/jobs/newsletter-send.ts'
import { postSocialJob } from '#server/jobs/post-social.ts'
import { postToXJob } from '#server/jobs/post-to-x.ts'
import { publishPostJob } from '#server/jobs/publish-post.ts'
import { subscriberConfirmationJob } from '#server/jobs/subscriber-confirmation.ts'
import { unpublishPostJob } from '#server/jobs/unpublish-post.ts'
import type { Logger } from '#server/logger.ts'
import { loadSecretKey } from '#server/secret-key.ts'
import type { DueJob, JobName, JobQueue } from '#server/services/job-queue.ts'

/** The pg-boss queue options every kind of job has, whatever its tries and back-off. */
const QUEUE_DEFAULTS = {
  /**
   * A worker refreshes the jobs it holds every 5 s; a job whose refresh stopped for 10 s (its
   * process died) is given back by the next supervisor pass of any instance, instead of after its
   * 15-minute expiry. A live worker keeps refreshing, so a job is never taken twice at once.
   */
  heartbeatSeconds: 10,
} satisfies Omit<Queue, 'name'>

/** The name of the job queue's connections on PostgreSQL, with each instance's own suffix. */
const JOBS_APPLICATION_NAME = 'videoquest-jobs'

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
 * With `work: false` jobs are only added (a test that drives the jobs itself). `secretKey`: the
 * services' key of the secret box (read from SECRET_KEY or its file when a job first needs it).
 */
export function startJobs(
  database: Database,
  config: Config,
  logger: Logger,
  { work = true, deferred = false, secretKey }: { work?: boolean; deferred?: boolean; secretKey?: Buffer } = {},
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
    const applicationName = `${JOBS_APPLICATION_NAME} ${randomUUID().slice(0, 8)}`
    const boss =
      database.kind === 'postgres' && 'pool' in database
        ? new PgBoss({
            // The pool's own connection settings: same server, same database, as the app's pool.
            ...(database.pool as { options: { connectionString?: string } }).options,
            max: 4,
            application_name: applicationName,
            schedule: false,
            // The pass that gives back the jobs of an instance that died (their heartbeat stopped)
            // runs every 10 s on one of the instances, not every minute.
            superviseIntervalSeconds: SUPERVISE_SECONDS,
            monitorIntervalSeconds: SUPERVISE_SECONDS,
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
      const options = { ...QUEUE_DEFAULTS, ...definition.queue }
      await boss.createQueue(definition.name, options)
      await boss.updateQueue(definition.name, options)
    }
    const send: JobQueue['enqueue'] = async (tx, name, job, startAfter) => {
      await boss.send(name, job, { startAfter, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) })
    }
    if (work) {
      const names = definitions.map((d) => d.name)
      const given = await takeBackOrphans(database, names, applicationName)
      if (given) logger.warn({ jobs: given }, 'jobs left running by a stopped process are due again')
      let key = secretKey
      const context: JobContext = {
        database,
        config,
        logger,
        queue,
        secretKey: () => {
          key ??= loadSecretKey(config, logger)
          return key
        },
      }
      for (const definition of definitions) {
        if (definition.worksHere === false) continue
        await boss.work<DueJob>(
          definition.name,
          {
            pollingIntervalSeconds: config.jobPollSeconds,
            localConcurrency: definition.concurrency,
            batchSize: definition.batchSize,
            burstWhenBatchFull: definition.batchSize > 1,
            perJobResults: true,
          },
          (jobs) => runEach(jobs, definition, context),
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

/** How often (s) one PostgreSQL instance looks for jobs whose worker died. */
const SUPERVISE_SECONDS = 10

/**
 * Runs a fetched batch one job after another. A job that throws fails alone (pg-boss tries it
 * again after its back-off); the others of the batch complete.
 */
async function runEach(jobs: Job<DueJob>[], definition: JobDefinition, context: JobContext): Promise<JobResult[]> {
  const results: JobResult[] = []
  for (const job of jobs) {
    try {
      await definition.run(job, context)
      results.push({ id: job.id, status: 'completed' })
    } catch (error) {
      const { message, stack } = error instanceof Error ? error : new Error(String(error))
      results.push({ id: job.id, status: 'failed', output: { message, stack } })
    }
  }
  return results
}

/**
 * Jobs left 'active' by a process that died (kill -9, a crash, a power cut) would wait for their
 * expiry (15 minutes) or, with a heartbeat, for the supervisor to notice it stopped. At start,
 * before this instance takes any job, they are made due again at once when no other process can
 * be holding them: on PGlite, the data folder's lock admits this process alone; on PostgreSQL,
 * when no other instance's job connection is open on the database (a process that dies loses its
 * connections at once). Otherwise their heartbeat gives them back. They keep their try count.
 * Answers how many were given back.
 */
async function takeBackOrphans(database: Database, names: JobName[], ownApplicationName: string) {
  const { db } = database
  if (database.kind === 'postgres') {
    const others = (await db.execute(sql`
      select count(*)::integer as n from pg_stat_activity
      where datname = current_database()
        and application_name like ${`${JOBS_APPLICATION_NAME}%`} and application_name <> ${ownApplicationName}`)) as unknown as {
      rows: { n: number }[]
    }
    if (Number(others.rows[0]?.n) > 0) return 0
  }
  // What pg-boss's own restore() does (not part of its typed API).
  const given = (await db.execute(sql`
    update pgboss.job set state = 'created', started_on = null, heartbeat_on = null, upsert_by_key = null
    where name in ${names} and state = 'active'
    returning id`)) as unknown as { rows: unknown[] }
  return given.rows.length
}

function jobDefinitions(config: Config): JobDefinition[] {
  return [
    publishPostJob,
    unpublishPostJob,
    postToXJob(config),
    postSocialJob(config),
    invitationEmailJob(config),
    subscriberConfirmationJob(config),
    newsletterSendJob(config),
    importRunJob(config),
  ]
}
