// GET /api/blog and GET /api/blog/{slug} with 50 seeded posts: the real server's req/s as a ratio
// against a bare node:http server answering the same bytes, both measured in this run.
//
//   node bench/api.ts            (PGlite in a new temporary data directory)
//   BENCH_DATABASE_URL=postgres://… node bench/api.ts   (an empty, dedicated PostgreSQL database)
//
// Settings (bounded): BENCH_CONNECTIONS (50), BENCH_WARMUP seconds (2), BENCH_SECONDS measured per
// run (8), BENCH_ROUNDS (2). Each endpoint gets BENCH_ROUNDS runs of each server, alternating
// (baseline, app, then app, baseline, …) so slow drift of a shared machine falls on both sides.
//
// Both servers run as child processes and the load generator (autocannon) runs in this process,
// so each server competes with the generator for the machine's cores in the same way: on a
// 2-core machine, roughly one core for the generator and one for the server under load (the
// other server sits idle meanwhile). An in-process baseline would share this process's event
// loop with autocannon and be measured differently from the app.
import autocannon, { type Result } from 'autocannon'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import {
  type Baseline,
  beginDatabaseBench,
  capture,
  databaseUrl,
  emptyServerEnv,
  fixed,
  setting,
  signIn,
  startBaseline,
  table,
} from './lib.ts'
import { makePosts } from './posts.ts'

const POSTS = 50
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 1, 500)
const WARMUP = setting('BENCH_WARMUP', 2, 0, 30)
const SECONDS = setting('BENCH_SECONDS', 8, 1, 60)
const ROUNDS = setting('BENCH_ROUNDS', 2, 1, 5)

async function seed(url: string, cookie: string): Promise<{ id: number; slug: string }[]> {
  const created: { id: number; slug: string }[] = []
  for (const post of makePosts(POSTS)) {
    const res = await fetch(`${url}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(post),
    })
    const body = (await res.json()) as { post?: { id: number; slug: string } }
    if (res.status !== 201 || !body.post)
      throw new Error(`POST /api/blog answered ${res.status}: ${JSON.stringify(body)}`)
    created.push({ id: body.post.id, slug: body.post.slug })
  }
  return created
}

async function load(url: string): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    warmup: WARMUP > 0 ? { connections: CONNECTIONS, duration: WARMUP } : undefined,
    timeout: 20,
    skipAggregateResult: true,
  })
}

interface Side {
  runs: Result[]
}

function summary(side: Side, url: string) {
  const requests = side.runs.reduce((n, r) => n + r.totalCompletedRequests, 0)
  const seconds = side.runs.reduce((n, r) => n + r.duration, 0)
  const merged = autocannon.aggregateResult(side.runs, { url, connections: CONNECTIONS })
  return {
    rps: requests / seconds,
    perRun: side.runs.map((r) => r.totalCompletedRequests / r.duration),
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    bytesPerResponse: requests ? side.runs.reduce((n, r) => n + r.totalBytes, 0) / requests : 0,
    bad: side.runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
    non2xx: side.runs.reduce((n, r) => n + r.non2xx, 0),
    errors: side.runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
  }
}

async function main() {
  const started = beginDatabaseBench(
    `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per run, ${ROUNDS} round(s) per side`,
  )

  let server: TestServer | undefined
  let baseline: Baseline | undefined
  let cookie = ''
  let created: { id: number; slug: string }[] = []
  try {
    server = await startTestServer({
      env: emptyServerEnv,
    })
    cookie = await signIn(server.url)
    created = await seed(server.url, cookie)

    const list = await capture(`${server.url}/api/blog`)
    const listed = JSON.parse(list.bytes.toString()) as { content: string }[]
    if (listed.length !== POSTS) {
      process.stdout.write(`warning: GET /api/blog lists ${listed.length} posts, not ${POSTS} (database not empty?)\n`)
    }
    const sizes = listed.map((p) => p.content.length)
    const slug = created[Math.floor(created.length / 2)]!.slug
    const onePath = `/api/blog/${slug}`
    const one = await capture(`${server.url}${onePath}`)
    process.stdout.write(
      `seeded ${created.length} posts through POST /api/blog (content ${Math.min(...sizes)}-${Math.max(...sizes)} chars); ` +
        `GET /api/blog body ${list.bytes.length} bytes, GET ${onePath} body ${one.bytes.length} bytes, ` +
        `content-type ${list.headers['content-type']}\n`,
    )

    const endpoints = [
      { name: 'GET /api/blog', path: '/api/blog', captured: list },
      { name: 'GET /api/blog/{slug}', path: onePath, captured: one },
    ]
    // The baseline repeats the app's own headers (security headers, cache-control, even one
    // captured X-Request-Id) so both put the same bytes on the wire, give or take the Date.
    baseline = await startBaseline(Object.fromEntries(endpoints.map((e) => [e.path, e.captured])))
    for (const e of endpoints) {
      const same = await capture(`${baseline.url}${e.path}`)
      if (!same.bytes.equals(e.captured.bytes)) throw new Error(`baseline body differs for ${e.path}`)
    }

    const rows: string[][] = []
    let failed = false
    for (const e of endpoints) {
      const app: Side = { runs: [] }
      const base: Side = { runs: [] }
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ([base, app] as const) : ([app, base] as const)
        for (const side of order) {
          const url = `${side === app ? server.url : baseline.url}${e.path}`
          const result = await load(url)
          side.runs.push(result)
          process.stdout.write(
            `  ${e.name} round ${round + 1} ${side === app ? 'app     ' : 'baseline'}: ` +
              `${fixed(result.totalCompletedRequests / result.duration)} req/s, ${result.non2xx} non-2xx, ` +
              `${result.errors} errors, ${result.timeouts} timeouts\n`,
          )
        }
      }
      // The app's body must not have changed under load (GET counts no views).
      const after = await capture(`${server.url}${e.path}`)
      if (!after.bytes.equals(e.captured.bytes)) throw new Error(`app body for ${e.path} changed during the run`)

      const a = summary(app, `${server.url}${e.path}`)
      const b = summary(base, `${baseline.url}${e.path}`)
      if (a.bad > 0 || b.bad > 0) failed = true
      rows.push([
        e.name,
        fixed(a.rps),
        fixed(b.rps),
        fixed(a.rps / b.rps, 3),
        `${fixed(a.p50)} / ${fixed(a.p99)}`,
        `${fixed(b.p50)} / ${fixed(b.p99)}`,
        fixed(a.bytesPerResponse),
        fixed(b.bytesPerResponse),
        String(a.non2xx),
        String(a.errors),
      ])
    }

    process.stdout.write(
      `\n${table(
        [
          'endpoint',
          'app req/s',
          'baseline req/s',
          'ratio app/baseline',
          'app p50/p99 ms',
          'baseline p50/p99 ms',
          'app B/resp',
          'base B/resp',
          'app non-2xx',
          'app errors',
        ],
        rows,
      )}\n`,
    )
    process.stdout.write(`\ntotal time ${fixed((performance.now() - started) / 1000, 1)} s\n`)
    if (failed) {
      process.stderr.write('FAIL: some responses were not 2xx, errored or timed out (see the table)\n')
      process.exitCode = 1
    }
  } finally {
    // On PostgreSQL the database outlives the run: leave it as it was.
    if (databaseUrl && server && cookie) {
      for (const { id } of created)
        await fetch(`${server.url}/api/blog/${id}`, { method: 'DELETE', headers: { cookie } })
    }
    await baseline?.stop()
    await server?.stop()
  }
}

await main()
