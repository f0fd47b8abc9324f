// Issue 16: what recording a visit adds to a post page view, in one run on one server.
//  - "view today": the cached post page and its view beacon (POST /api/blog/{slug}/view), the two
//    requests a reader's first view sends without visit recording;
//  - "view + visit": the same two requests with visit recording: the view beacon carries the first
//    touch (a JSON body) and the server also queues the visit (docs/decisions/036).
// Printed: views per second of each and their ratio; the visit beacon other pages and reloads send
// (POST /api/analytics/visits) against the cached page; and how many visits the server stored
// against how many it acknowledged (a clean stop flushes the queue).
//
//   node bench/visits.ts            (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
//
// Settings (bounded): BENCH_CONNECTIONS (50), BENCH_WARMUP seconds (2), BENCH_SECONDS per run (5),
// BENCH_ROUNDS (2).
import path from 'node:path'
import autocannon, { type Options, type Result } from 'autocannon'
import { count } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '#server/db/client.ts'
import { visits } from '#server/db/schema.ts'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import { beginDatabaseBench, databaseUrl, emptyServerEnv, fixed, setting, signIn, table } from './lib.ts'

declare module 'autocannon' {
  interface Options {
    method?: string
    body?: string
    /** A sequence each connection sends in turn, over and over. */
    requests?: { method?: string; path: string; headers?: Record<string, string>; body?: string }[]
  }
}

const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 1, 500)
const WARMUP = setting('BENCH_WARMUP', 2, 0, 30)
const SECONDS = setting('BENCH_SECONDS', 5, 1, 60)
const ROUNDS = setting('BENCH_ROUNDS', 2, 1, 5)
const BROWSER = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
}

type Step = NonNullable<Options['requests']>[number]

async function run(base: string, steps: Step[], seconds = SECONDS, warmup = WARMUP): Promise<Result> {
  return await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    warmup: warmup > 0 ? { connections: CONNECTIONS, duration: warmup } : undefined,
    timeout: 20,
    headers: BROWSER,
    requests: steps,
    skipAggregateResult: true,
  })
}

const rate = (runs: Result[]) =>
  runs.reduce((n, r) => n + r.totalCompletedRequests, 0) / runs.reduce((n, r) => n + r.duration, 0)
const bad = (runs: Result[]) => runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0)

async function storedVisits(server: TestServer): Promise<number> {
  let database: Database
  if (databaseUrl) database = await openPostgres(databaseUrl, 2)
  else database = await openPglite(path.join(server.dataDir as string, 'pglite'))
  try {
    const [row] = await database.db.select({ n: count() }).from(visits)
    const n = Number(row?.n ?? 0)
    if (databaseUrl) await database.db.delete(visits)
    return n
  } finally {
    await database.close()
  }
}

async function main() {
  const started = beginDatabaseBench(
    `${CONNECTIONS} connections; warm-up ${WARMUP} s, then ${ROUNDS} round(s) of ${SECONDS} s per side`,
  )
  const server = await startTestServer({ keepDataDir: true, env: emptyServerEnv })
  let failed = false
  try {
    const cookie = await signIn(server.url)
    const slug = `visit-bench-${Date.now()}`
    const created = await fetch(`${server.url}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: 'Visit bench',
        slug,
        excerpt: 'A post to read.',
        content: 'Bench content.',
        tags: ['bench'],
        isPublished: true,
      }),
    })
    if (created.status !== 201) throw new Error(`creating the post answered ${created.status}`)
    const origin = { origin: server.url, 'content-type': 'application/json' }
    const page: Step = { method: 'GET', path: `/blog/${slug}` }
    const touch = { referrer: 't.co', utmSource: 'x', utmMedium: 'social', utmCampaign: 'x-post-1' }
    const view: Step = { method: 'POST', path: `/api/blog/${slug}/view`, headers: { ...BROWSER, origin: server.url } }
    const viewAndVisit: Step = { ...view, headers: { ...BROWSER, ...origin }, body: JSON.stringify(touch) }
    const visit: Step = {
      method: 'POST',
      path: '/api/analytics/visits',
      headers: { ...BROWSER, ...origin },
      body: JSON.stringify({ path: `/blog/${slug}`, ...touch }),
    }
    const pageCheck = await fetch(`${server.url}${page.path}`, { headers: BROWSER })
    await pageCheck.arrayBuffer()
    const again = await fetch(`${server.url}${page.path}`, { headers: BROWSER })
    await again.arrayBuffer()
    if (again.headers.get('x-cache') !== 'HIT') throw new Error('the post page was not served from the cache')

    const sides = {
      today: { steps: [page, view], runs: [] as Result[] },
      recorded: { steps: [page, viewAndVisit], runs: [] as Result[] },
      page: { steps: [page], runs: [] as Result[] },
      beacon: { steps: [visit], runs: [] as Result[] },
    }
    const names = Object.keys(sides) as (keyof typeof sides)[]
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse()
      for (const name of order) {
        const side = sides[name]
        const result = await run(server.url, side.steps)
        side.runs.push(result)
        process.stdout.write(
          `  round ${round + 1} ${name.padEnd(8)}: ${fixed(result.totalCompletedRequests / result.duration)} req/s, ` +
            `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts\n`,
        )
      }
    }
    for (const side of Object.values(sides)) if (bad(side.runs) > 0) failed = true
    // Every run's warm-up sends visits too; autocannon does not report them, so the check is
    // "stored ≥ acknowledged in the measured runs", plus the visits of the warm-ups.
    const measuredVisits =
      sides.recorded.runs.reduce((n, r) => n + Math.max(0, Math.floor(r.totalCompletedRequests / 2) - CONNECTIONS), 0) +
      sides.beacon.runs.reduce((n, r) => n + r.totalCompletedRequests, 0)
    const exit = await server.stop()
    const stored = await storedVisits(server)
    const viewsToday = rate(sides.today.runs) / 2
    const viewsRecorded = rate(sides.recorded.runs) / 2
    process.stdout.write(
      `\n${table(
        ['measure', 'per second', 'ratio'],
        [
          ['post page view today (page + view beacon)', fixed(viewsToday), '1.000'],
          ['post page view, recorded as a visit', fixed(viewsRecorded), fixed(viewsRecorded / viewsToday, 3)],
          ['cached post page alone (req/s)', fixed(rate(sides.page.runs)), '1.000'],
          [
            'visit beacon alone (req/s)',
            fixed(rate(sides.beacon.runs)),
            fixed(rate(sides.beacon.runs) / rate(sides.page.runs), 3),
          ],
        ],
      )}\n`,
    )
    process.stdout.write(
      `visits stored after a clean stop (exit ${exit}): ${stored} (measured runs acknowledged ≥ ${measuredVisits}; warm-ups add more)\n`,
    )
    if (stored < measuredVisits) {
      process.stdout.write('LOST VISITS: fewer stored than acknowledged\n')
      failed = true
    }
  } finally {
    if (server.child.exitCode === null) await server.stop()
  }
  process.stdout.write(`done in ${fixed((performance.now() - started) / 1000, 1)} s${failed ? ', WITH ERRORS' : ''}\n`)
  process.exitCode = failed ? 1 : 0
}

await main()
