import { ensureSiteBuilt, startTestServer } from '#tests/helpers/server-process.ts'

/**
 * Builds the site unless a production build newer than its sources is there (CI's Vitest run has
 * made one: buildSite always builds for production, and needsBuild refuses a development build),
 * then starts the real server on a free port with a temporary data folder.
 */
export default async function globalSetup() {
  await ensureSiteBuilt()
  // Every spec signs in and sends contact messages from 127.0.0.1: lift the per-IP limits (their
  // own tests, in tests/integration, run with the defaults).
  const server = await startTestServer({
    env: { LOGIN_ATTEMPTS_PER_IP_HOUR: '100000', CONTACT_MESSAGES_PER_IP: '1000' },
  })
  process.env.E2E_BASE_URL = server.url
  return async () => {
    await server.stop()
  }
}
