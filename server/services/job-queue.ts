import type { Db } from '#server/db/client.ts'

// What services ask of the job queue (server/jobs/queue.ts runs it): the names of its jobs, a due
// job's data, and adding one in the caller's transaction. Types only, in a file of their own, so
// the services that enqueue (schedule, newsletters, subscribers, staff, import) import it and not
// each other. docs/decisions/035-scheduling-with-pg-boss.md

export type JobName =
  | 'publish-post'
  | 'unpublish-post'
  | 'post-to-x'
  | 'post-social'
  | 'invitation-email'
  | 'subscriber-confirmation'
  | 'newsletter-send'
  | 'import-run'

/** The data of every scheduled job: which row, and the moment it was scheduled for (ISO, UTC). */
export interface DueJob {
  id: number
  at: string
}

export interface JobQueue {
  /**
   * Resolves once jobs can be added. Await it before the transaction that adds one: on PGlite a
   * queue still starting would wait for the one connection that transaction holds.
   */
  ready: () => Promise<void>
  /** Adds a job in the caller's transaction, so the schedule and its job commit (or not) together. */
  enqueue: (tx: Db, name: JobName, job: DueJob, startAfter: Date) => Promise<void>
}
