import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clickCrashLoop } from '#tests/helpers/click-crash.ts'
import { createScratchDatabase, dropScratchDatabase, TEST_DATABASE_URL } from '#tests/helpers/db.ts'
import { ensureSiteBuilt } from '#tests/helpers/server-process.ts'

// Issue 27, item 3: a short-link click answered with a 302 survives a kill -9 of the server
// (docs/decisions/041-crash-safe-clicks.md). Real server processes, killed with SIGKILL and
// started again on the same data: PGlite, or PostgreSQL with TEST_DATABASE_URL. bench/click-crash.ts
// runs 10 cycles.
describe(`kill -9 of a server answering short links (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let dataDir: string
  const database = `vq_click_crash_${randomBytes(4).toString('hex')}`
  let databaseUrl: string | undefined

  beforeAll(async () => {
    await ensureSiteBuilt()
    dataDir = mkdtempSync(path.join(tmpdir(), 'vq-click-crash-'))
    if (TEST_DATABASE_URL) {
      databaseUrl = await createScratchDatabase(database)
    }
  }, 300_000)

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    if (TEST_DATABASE_URL) {
      await dropScratchDatabase(database)
    }
  })

  test('every click acknowledged with a 302 is stored exactly once over 4 kill -9 cycles', async () => {
    const result = await clickCrashLoop({
      cycles: 4,
      clicks: 150,
      bots: 6,
      concurrency: 8,
      // Cycles 1 and 3 are killed after their last answer, 2 and 4 with requests in flight.
      killMidBurst: (cycle) => cycle % 2 === 1,
      env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      dataDir,
    })
    expect(result.acknowledged).toBeGreaterThan(300)
    expect({ lost: result.lost, duplicated: result.duplicated, unexplained: result.unexplained }).toEqual({
      lost: 0,
      duplicated: 0,
      unexplained: 0,
    })
    // Stored = acknowledged, plus at most the clicks whose 302 the kill cut off (logged, not delivered).
    expect(result.storedRows).toBe(result.acknowledged + result.storedUnanswered)
    expect(result.storedUnanswered).toBeLessThanOrEqual(result.unanswered)
    expect(result.clickCount).toBe(result.storedRows)
    expect(result.bots.stored).toBeGreaterThanOrEqual(result.bots.acknowledged)
    expect(result.bots.stored).toBeLessThanOrEqual(result.bots.sent)
  }, 240_000)
})
