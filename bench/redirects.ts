import path from 'node:path'
import autocannon, { type Result } from 'autocannon'
import { eq } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { blogPosts, clickTracking, xPosts } from '#server/db/schema.ts'
import { createShortLink } from '#tests/helpers/click-crash.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import type { BaselineRoute } from './baseline-server.ts'
import {
  alternatingRounds,
  amountSettings,
  type Baseline,
  beginDatabaseBench,
  cpuSeconds,
  databaseUrl,
  emptyServerEnv,
  fixed,
  loadAmount,
  ratioLine,
  replayable,
  runsSummary,
  startBaseline,
  stopBench,
  table,
} from './lib.ts'

const { CONNECTIONS, REQUESTS, WARMUP, ROUNDS } = amountSettings()
const TARGET = 0.5
/** A person's browser: isbot says no, so every request is a click. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'

/** The app's redirect, taken with HEAD (answered, not counted), to be replayed by the baseline. */
async function capture(url: string): Promise<BaselineRoute & { location: string }> {
  const res = await fetch(url, { method: 'HEAD', redirect: 'manual', headers: { 'user-agent': BROWSER } })
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) throw new Error(`HEAD ${url} answered ${res.status}, location ${location}`)
  return { status: 302, headers: replayable(Object.fromEntries(res.headers)), bodyBase64: '', location }
}

const load = (url: string, amount: number) => loadAmount(url, amount, CONNECTIONS, { 'user-agent': BROWSER })

/** Responses autocannon saw as 2xx or 3xx: for the app, each one is a click it answered. */
function answered(r: Result): number {
  return Object.entries(r.statusCodeStats)
    .filter(([code]) => /^[23]\d\d$/.test(code))
    .reduce((n, [, s]) => n + s.count, 0)
}

interface Side {
  runs: Result[]
  /** Server CPU seconds over the runs (null without /proc). */
  cpu: number | null
}

/**
 * Runs the load and adds the server's CPU time to the side's. The read waits for the app's last
 * click batch (written up to 250 ms after the last click) so that its cost is counted here.
 */
async function measured(side: Side, pid: number | undefined, url: string): Promise<Result> {
  const before = cpuSeconds(pid)
  const result = await load(url, REQUESTS)
  await new Promise((resolve) => setTimeout(resolve, 600))
  const after = cpuSeconds(pid)
  side.cpu = before === null || after === null || side.cpu === null ? null : side.cpu + after - before
  return result
}

function summary(side: Side, url: string) {
  const counted = runsSummary(side.runs, '302')
  const merged = autocannon.aggregateResult(side.runs, { url, connections: CONNECTIONS })
  return { ...counted, p50: merged.latency.p50, p99: merged.latency.p99 }
}

/** What the stopped server stored; on PostgreSQL the bench's post is then deleted (the database outlives the run). */
async function storedClicks(
  server: TestServer,
  xPostId: number,
  postId: number,
): Promise<{ count: number; rows: number }> {
  let database: Database
  if (databaseUrl) database = await openPostgres(databaseUrl, 2)
  else database = await openPglite(path.join(server.dataDir as string, 'pglite'))
  try {
    const [row] = await database.db.select({ count: xPosts.clickCount }).from(xPosts).where(eq(xPosts.id, xPostId))
    const rows = await database.db
      .select({ id: clickTracking.id })
      .from(clickTracking)
      .where(eq(clickTracking.xPostId, xPostId))
    if (databaseUrl) await database.db.delete(blogPosts).where(eq(blogPosts.id, postId))
    return { count: row?.count ?? -1, rows: rows.length }
  } finally {
    await database.close()
  }
}

async function main() {
  const started = beginDatabaseBench(
    `${CONNECTIONS} connections; warm-up ${WARMUP} requests per side, then ${ROUNDS} round(s) of ` +
      `${REQUESTS} requests per side`,
  )

  let server: TestServer | undefined
  let baseline: Baseline | undefined
  let failed = false
  try {
    server = await startTestServer({
      keepDataDir: true,
      env: emptyServerEnv,
    })
    const { xPostId, postId, code } = await createShortLink(server.url)
    const pathOnly = `/s/${code}`
    const captured = await capture(`${server.url}${pathOnly}`)
    baseline = await startBaseline({ [pathOnly]: captured })
    const same = await fetch(`${baseline.url}${pathOnly}`, { redirect: 'manual' })
    if (same.status !== 302 || same.headers.get('location') !== captured.location) {
      throw new Error('the baseline does not answer the same redirect')
    }
    process.stdout.write(`GET ${pathOnly} → 302 ${captured.location}\n`)

    const app: Side = { runs: [], cpu: 0 }
    const base: Side = { runs: [], cpu: 0 }
    const appUrl = `${server.url}${pathOnly}`
    const baseUrl = `${baseline.url}${pathOnly}`
    // Warm-up: JIT, connection pools, PGlite caches. Its clicks count in the exactness check.
    const warm = WARMUP > 0 ? [await load(baseUrl, WARMUP), await load(appUrl, WARMUP)] : []
    const appWarm = warm[1]
    const pids = { app: server.child.pid, base: baseline.pid }
    const runs = await alternatingRounds(ROUNDS, '302', (side) =>
      measured(side === 'app' ? app : base, pids[side], side === 'app' ? appUrl : baseUrl),
    )
    app.runs = runs.app
    base.runs = runs.base
    const clicksAnswered = [...(appWarm ? [appWarm] : []), ...app.runs].reduce((n, r) => n + answered(r), 0)
    const appErrors = [...(appWarm ? [appWarm] : []), ...app.runs].reduce((n, r) => n + r.errors + r.timeouts, 0)

    // A clean stop (SIGTERM) flushes the clicks still queued; then read what was stored.
    const exitCode = await server.stop()
    const stored = await storedClicks(server, xPostId, postId)

    const a = summary(app, appUrl)
    const b = summary(base, baseUrl)
    const ratio = a.rps / b.rps
    process.stdout.write(
      `\n${table(
        ['GET /s/{code}', 'req/s', 'p50 ms', 'p99 ms', 'not 302', 'errors'],
        [
          ['app (click recording on)', fixed(a.rps), fixed(a.p50), fixed(a.p99), String(a.notStatus), String(a.errors)],
          ['baseline (node:http 302)', fixed(b.rps), fixed(b.p50), fixed(b.p99), String(b.notStatus), String(b.errors)],
        ],
      )}\n`,
    )
    process.stdout.write(ratioLine(ratio, TARGET))
    if (app.cpu !== null && base.cpu !== null) {
      const perRequest = (side: Side) => ((side.cpu as number) * 1e6) / (ROUNDS * REQUESTS)
      const cpuRatio = perRequest(base) / perRequest(app)
      // What the ratio is when the server's CPU is what limits it, whatever else the machine runs.
      process.stdout.write(
        `server CPU per request: app ${fixed(perRequest(app), 1)} µs, baseline ${fixed(perRequest(base), 1)} µs; ` +
          `CPU ratio baseline/app ${fixed(cpuRatio, 3)} (the throughput ratio on a machine with a core to spare)\n`,
      )
    }
    process.stdout.write(
      `clicks: autocannon counted ${clicksAnswered} redirects answered (warm-up included, 2xx+3xx, no HEAD, no bot); ` +
        `stored after a clean stop (exit ${exitCode}): click_count ${stored.count}, click_tracking rows ${stored.rows} ` +
        `${stored.count === clicksAnswered && stored.rows === clicksAnswered ? 'EXACT' : 'MISMATCH'}\n`,
    )
    // Below the target is reported, not failed: the figure depends on the machine's load.
    if (stored.count !== clicksAnswered || stored.rows !== clicksAnswered || appErrors > 0 || a.notStatus > 0)
      failed = true
    process.stdout.write(`\ntotal time ${fixed((performance.now() - started) / 1000, 1)} s\n`)
  } finally {
    await stopBench(server, baseline)
  }
  if (failed) {
    process.stderr.write('FAIL: responses other than 302, errors, or clicks not exact (see above)\n')
    process.exitCode = 1
  }
}

await main()
