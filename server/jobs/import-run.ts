import type { Config } from '#server/config.ts'
import type { JobDefinition } from '#server/jobs/job.ts'

/**
 * Issue 31: one import of posts (docs/decisions/065), run from where it stopped: after a crash the
 * queue gives the job back (its heartbeat stopped) and the import goes on from its saved progress.
 */
export const importRunJob = (config: Config): JobDefinition => ({
  name: 'import-run',
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
  concurrency: 1,
  batchSize: 1,
  run: async (job, { database, logger, queue }) => {
    const imageFetch =
      config.ai.testAllowPrivateHosts.length > 0 ? { allowPrivateHosts: config.ai.testAllowPrivateHosts } : {}
    // Loaded when an import runs, not at every start (decision 068).
    const { runImport } = await import('#server/services/import/run.ts')
    if (await runImport(database.db, queue, job.data.id, { imageFetch, logger })) {
      logger.info({ run: job.data.id }, 'import finished')
    }
  },
})
