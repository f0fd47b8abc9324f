import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startTestSmtp, TEST_MAIL_FROM, type TestSmtp } from '#tests/fixtures/smtp.ts'
import { createScratchDatabase, dropScratchDatabase, TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { ensureSiteBuilt, startTestServer, type TestServer } from '#tests/helpers/server-process.ts'

/** The environment of a server that sends mail to `smtp`, retrying and polling fast. */
export const mailEnv = (smtp: TestSmtp, from = TEST_MAIL_FROM) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: from,
  MAIL_RETRY_DELAY_SECONDS: '1',
  JOB_POLL_SECONDS: '0.5',
})

export interface MailServerLives {
  smtp: TestSmtp
  /** The server's current life, if one was started. */
  server: TestServer | undefined
  /** Kills the current life with SIGKILL (if any) and starts the next on the same data. */
  next: () => Promise<TestServer>
}

/**
 * For the kill -9 tests of what the site emails: a real SMTP server, and server processes started
 * one life after another on the same data (a data folder on PGlite, a scratch database on
 * PostgreSQL when TEST_DATABASE_URL is set) with one SECRET_KEY, so every life reads the others'
 * rows and tokens. Registers its own beforeAll / afterAll.
 */
export function mailServerLives(name: string, env: Record<string, string> = {}): MailServerLives {
  const database = `vq_${name}_${randomBytes(4).toString('hex')}`
  let dataDir = ''
  let lifeEnv: Record<string, string> = {}
  const lives: MailServerLives = {
    smtp: undefined as unknown as TestSmtp,
    server: undefined,
    next: async () => {
      await lives.server?.stop('SIGKILL')
      lives.server = await startTestServer({ dataDir, keepDataDir: true, env: lifeEnv })
      return lives.server
    },
  }
  beforeAll(async () => {
    await ensureSiteBuilt()
    lives.smtp = await startTestSmtp()
    dataDir = mkdtempSync(path.join(tmpdir(), `vq-${name}-`))
    lifeEnv = {
      ...(TEST_DATABASE_URL ? { DATABASE_URL: await createScratchDatabase(database) } : {}),
      ...mailEnv(lives.smtp),
      // One sealed-token key for every life of the server (else a generated file in DATA_DIR).
      SECRET_KEY: randomBytes(32).toString('base64'),
      ...env,
    }
  }, 300_000)
  afterAll(async () => {
    await lives.server?.stop('SIGKILL')
    await lives.smtp?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    if (TEST_DATABASE_URL) await dropScratchDatabase(database)
  })
  return lives
}
