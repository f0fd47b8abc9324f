import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'

/**
 * Image work (sharp, resvg) is CPU and memory heavy: at most one job per core runs at a time,
 * the rest wait their turn in order (docs/decisions/020). Every encoder of the server goes through
 * here: uploads, imported images, variants, covers and link-preview cards.
 */
export const IMAGE_JOBS_MAX = Math.max(1, availableParallelism())

const limit = pLimit(IMAGE_JOBS_MAX)

export function imageJob<T>(job: () => Promise<T>): Promise<T> {
  return limit(job)
}

/** How busy the queue is: jobs running now and jobs waiting (tests, health). */
export const imageJobLoad = () => ({ active: limit.activeCount, waiting: limit.pendingCount })
