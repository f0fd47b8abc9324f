import { makePgliteTemplate } from '#tests/helpers/pglite-template.ts'
import { ensureSiteBuilt } from '#tests/helpers/server-process.ts'

/**
 * Builds the site unless a production build newer than its sources is there (CI's Vitest run has
 * made one: buildSite always builds for production, and needsBuild refuses a development build).
 * Each worker then starts its own server (`workerServer` in fixtures.ts) on a data folder that
 * starts as a copy of one migrated database (tests/helpers/pglite-template.ts).
 */
export default async function globalSetup() {
  const [removeTemplate] = await Promise.all([makePgliteTemplate(), ensureSiteBuilt()])
  return removeTemplate
}
