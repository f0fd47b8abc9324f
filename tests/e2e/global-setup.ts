import { ensureSiteBuilt } from '#tests/helpers/server-process.ts'

/**
 * Builds the site unless a production build newer than its sources is there (CI's Vitest run has
 * made one: buildSite always builds for production, and needsBuild refuses a development build).
 * Each worker then starts its own server (`workerServer` in fixtures.ts).
 */
export default async function globalSetup() {
  await ensureSiteBuilt()
}
