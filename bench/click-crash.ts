// Issue 27, item 3: short-link clicks across kill -9 cycles. A real server (the production build)
// answers bursts of clicks and is killed with SIGKILL, with requests in flight, then started
// again on the same data, BENCH_CLICK_CRASH_CYCLES times (10); at the end, every click it answered
// with a 302 must be stored once. On PGlite, or PostgreSQL with BENCH_DATABASE_URL (a database
// of its own is made and dropped). docs/decisions/041-crash-safe-clicks.md
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { clickCrashLoop } from '#tests/helpers/click-crash.ts'
import { createScratchDatabase, dropScratchDatabase } from '#tests/helpers/db.ts'
import { beginDatabaseBench, databaseUrl, fixed, setting } from './lib.ts'

const CYCLES = setting('BENCH_CLICK_CRASH_CYCLES', 10, 1, 100)
const CLICKS = setting('BENCH_CLICK_CRASH_CLICKS', 500, 10, 100_000)
const CONCURRENCY = setting('BENCH_CONNECTIONS', 16, 1, 200)

const started = beginDatabaseBench(
  `${CYCLES} cycles of ${CLICKS} clicks and ${Math.ceil(CLICKS / 50)} bot clicks, ${CONCURRENCY} at once, ` +
    'each ended by kill -9 with requests in flight',
)
const dataDir = mkdtempSync(path.join(tmpdir(), 'vq-bench-click-crash-'))
const database = `vq_bench_click_crash_${randomBytes(4).toString('hex')}`
const url = databaseUrl ? await createScratchDatabase(database, databaseUrl) : undefined
try {
  const r = await clickCrashLoop({
    cycles: CYCLES,
    clicks: CLICKS,
    bots: Math.ceil(CLICKS / 50),
    concurrency: CONCURRENCY,
    killMidBurst: () => true,
    env: { DATA_DIR: dataDir, SEED_SAMPLE_CONTENT: 'false', ...(url ? { DATABASE_URL: url } : {}) },
    dataDir,
    report: (line) => process.stdout.write(`  ${line}\n`),
  })
  const pct = (n: number) => (r.acknowledged ? `${fixed((100 * n) / r.acknowledged, 1)} %` : '-')
  process.stdout.write(
    `\nclicks sent ${r.sent}, acknowledged with 302 ${r.acknowledged}, stored ${r.storedRows} rows ` +
      `(click_count ${r.clickCount})\n` +
      `acknowledged and lost: ${r.lost} (${pct(r.lost)}); stored twice: ${r.duplicated}; ` +
      `stored, answer cut off by the kill: ${r.storedUnanswered} of ${r.unanswered} unanswered; unexplained: ${r.unexplained}\n` +
      `bot tally: ${r.bots.stored} stored, ${r.bots.acknowledged} acknowledged, ${r.bots.sent} sent\n`,
  )
  const ok =
    r.lost === 0 &&
    r.duplicated === 0 &&
    r.unexplained === 0 &&
    r.clickCount === r.storedRows &&
    r.bots.stored >= r.bots.acknowledged &&
    r.bots.stored <= r.bots.sent
  process.stdout.write(`${ok ? 'OK: no acknowledged click lost, none counted twice' : 'FAIL'}\n`)
  if (!ok) process.exitCode = 1
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  if (databaseUrl) await dropScratchDatabase(database, databaseUrl)
  process.stdout.write(`total time ${fixed((performance.now() - started) / 1000, 1)} s\n`)
}
