import { startTestServer } from '#tests/helpers/server-process.ts'

/** Builds the site, starts the real server on a free port with a temporary data folder. */
export default async function globalSetup() {
  // Every spec signs in and sends contact messages from 127.0.0.1: lift the per-IP limits (their
  // own tests, in tests/integration, run with the defaults).
  const server = await startTestServer({
    build: true,
    env: { LOGIN_ATTEMPTS_PER_IP_HOUR: '100000', CONTACT_MESSAGES_PER_IP: '1000' },
  })
  process.env.E2E_BASE_URL = server.url
  return async () => {
    await server.stop()
  }
}
