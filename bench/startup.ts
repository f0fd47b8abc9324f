// Start-up time on an existing data directory: wall time from spawn of `node scripts/start.js` (what
// `npm start` runs: build check, then the bundled server) to the first 200 on /healthz, as a ratio
// against the same for a bare `node -e` http server, measured in the same run; and against the
// target of issue 13 (a median of at most 1,000 ms). Other restarts ask for the landing page `/`
// first instead, which a restart renders with nothing cached: the first request a reader makes.
//
//   node bench/startup.ts                                   (PGlite: a new temporary data directory)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/startup.ts
//                                                           (PostgreSQL: a scratch database on that server)
//
// With BENCH_DATABASE_URL the bench creates a scratch database `vq_bench_startup_<random>` on that
// server (the URL's user must be allowed to CREATE DATABASE), runs every start on it, and drops it
// at the end; the URL's own database is only used to create and drop it.
// Settings (bounded): BENCH_STARTS restarts per side (5). The first start creates and seeds a new
// temporary data directory (migrations, sample posts, admin) and is reported on its own line; the
// timed restarts then open that existing directory, alternating with the baseline (baseline, app,
// app with `/`, then the reverse, …). Readiness is polled every 5 ms on a fresh connection, for both sides.
// Beside wall time it prints the CPU time each process had used at its first 200 (from /proc): on a
// shared machine other work stretches wall time, not the CPU time a start needs.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { createScratchDatabase, dropScratchDatabase } from '#tests/helpers/db.ts'
import { freePort, serverEnv, spawnNode } from '#tests/helpers/server-process.ts'
import { cpuSeconds, databaseUrl, ensureBuild, fixed, machineLine, median, setting, table, waitForOk } from './lib.ts'

const STARTS = setting('BENCH_STARTS', 5, 1, 20)

/** A bare Node process that answers 200 to anything: the floor of "start a Node HTTP server". */
const BASELINE_SOURCE = `require('node:http').createServer((q, s) => {
  s.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end('{"status":"ok"}')
}).listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => process.exit(0))`

/** Issue 13: `npm start` on an existing data folder answers its first request within a second. */
const TARGET_MS = 1000
/** Issue 27: a restart takes at most this many times a bare Node HTTP server's start (medians). */
const TARGET_RATIO = { pglite: 8, postgres: 5 } as const

/** A new, empty database on BENCH_DATABASE_URL's server; `drop` removes it (and its connections). */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vq_bench_startup_${randomBytes(4).toString('hex')}`
  const url = await createScratchDatabase(name, serverUrl)
  return { url, drop: () => dropScratchDatabase(name, serverUrl) }
}

interface Start {
  ms: number
  /**
   * CPU time (ms, every thread, 10 ms ticks) the process had used at its first 200: much steadier
   * than wall time on a shared machine, whose other work stretches a start without adding to it.
   */
  cpuMs: number | null
  /** The server's own "server listening" figure (startServer: open db, migrate, listen), if logged. */
  inProcessMs: number | null
  stop: () => Promise<void>
}

/** What each restart is asked first: the health check, or the landing page (rendered, nothing cached yet). */
const FIRST_REQUEST = { app: '/healthz', 'app, page': '/', baseline: '/healthz' } as const
type Kind = keyof typeof FIRST_REQUEST

async function timedStart(kind: Kind, dataDir: string, database?: string): Promise<Start> {
  const port = await freePort()
  // The environment of startTestServer, with LOG_LEVEL=info so the server's own start-up figure
  // can be read from its "server listening" line. On PostgreSQL the data directory holds only the
  // click log.
  const env = { ...serverEnv(port, dataDir), LOG_LEVEL: 'info', ...(database ? { DATABASE_URL: database } : {}) }
  const args = kind === 'baseline' ? ['-e', BASELINE_SOURCE] : [path.join(projectRoot, 'scripts/start.js')]
  const t0 = performance.now()
  const { child, output, exited } = spawnNode(args, env)
  try {
    await waitForOk(`http://127.0.0.1:${port}${FIRST_REQUEST[kind]}`, exited)
  } catch (error) {
    child.kill('SIGKILL')
    const hint = existsSync(serverBundleFile) ? '' : ' (build/ vanished: is a `react-router build` running beside?)'
    throw new Error(`${kind} start failed${hint}: ${(error as Error).message}\n${output()}`)
  }
  const ms = performance.now() - t0
  const cpu = cpuSeconds(child.pid)
  const listening = output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; ms?: number })
    .find((l) => l.msg === 'server listening')
  return {
    ms,
    cpuMs: cpu === null ? null : cpu * 1000,
    inProcessMs: listening?.ms ?? null,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      const code = await exited
      clearTimeout(killer)
      if (code !== 0) throw new Error(`${kind} exited with ${code} on SIGTERM:\n${output()}`)
    },
  }
}

function stats(values: number[]) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) }
}

async function main() {
  const started = performance.now()
  ensureBuild()
  process.stdout.write(`${machineLine()}\n`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vq-bench-startup-'))
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : undefined
  const backend = scratch ? 'postgres' : 'pglite'
  process.stdout.write(
    `database: ${scratch ? `PostgreSQL, scratch database ${new URL(scratch.url).pathname.slice(1)} (BENCH_DATABASE_URL)` : 'PGlite'}\n`,
  )
  try {
    const first = await timedStart('app', dataDir, scratch?.url)
    await first.stop()
    // One untimed baseline start too, so both sides start with warm file caches.
    await (await timedStart('baseline', dataDir)).stop()
    process.stdout.write(
      `first start on a new ${scratch ? 'database' : 'data directory'} (migrate + seed + admin): ${fixed(first.ms)} ms ` +
        `(in-process ${first.inProcessMs ?? '?'} ms); ${dataDir}\n`,
    )

    const runs: Record<Kind, Start[]> = { app: [], 'app, page': [], baseline: [] }
    for (let i = 0; i < STARTS; i++) {
      const order: Kind[] = i % 2 === 0 ? ['baseline', 'app', 'app, page'] : ['app, page', 'app', 'baseline']
      for (const side of order) {
        const start = await timedStart(side, dataDir, scratch?.url)
        await start.stop()
        runs[side].push(start)
        process.stdout.write(`  restart ${i + 1} ${side.padEnd(9)} (${FIRST_REQUEST[side]}): ${fixed(start.ms)} ms\n`)
      }
    }
    const { app, baseline } = runs

    const a = stats(app.map((s) => s.ms))
    const page = stats(runs['app, page'].map((s) => s.ms))
    const b = stats(baseline.map((s) => s.ms))
    const inProcess = app.map((s) => s.inProcessMs).filter((v): v is number => v !== null)
    const existing = backend === 'postgres' ? 'database' : 'data dir'
    const row = (name: string, s: ReturnType<typeof stats>) => [name, fixed(s.median), fixed(s.min), fixed(s.max)]
    process.stdout.write(
      `\n${table(
        ['spawn to first 200', 'median ms', 'min ms', 'max ms'],
        [
          row(`app, existing ${existing}, GET /healthz (n=${app.length})`, a),
          row(`app, existing ${existing}, GET / (n=${runs['app, page'].length})`, page),
          row(`baseline node -e http, GET /healthz (n=${baseline.length})`, b),
          ...(inProcess.length ? [row(`  app startServer() only`, stats(inProcess))] : []),
        ],
      )}\n`,
    )
    const cpu = (starts: Start[]) => starts.map((s) => s.cpuMs).filter((v): v is number => v !== null)
    const cpuRows = (
      [
        [`app, GET /healthz`, cpu(app)],
        [`app, GET /`, cpu(runs['app, page'])],
        [`baseline, GET /healthz`, cpu(baseline)],
      ] as const
    ).filter(([, values]) => values.length > 0)
    if (cpuRows.length === 3) {
      process.stdout.write(
        `\n${table(
          ['CPU time to first 200 (all threads)', 'median ms', 'min ms', 'max ms'],
          cpuRows.map(([name, values]) => row(name, stats([...values]))),
        )}\n`,
      )
    }
    const ratio = a.median / b.median
    process.stdout.write(
      `\nratio of medians app/baseline: ${fixed(ratio, 2)} ` +
        `(target, issue 27, on ${backend === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ≤ ${TARGET_RATIO[backend]}, ` +
        `${ratio <= TARGET_RATIO[backend] ? 'met' : 'NOT MET'}); GET / against the baseline: ${fixed(page.median / b.median, 2)}\n`,
    )
    if (cpuRows.length === 3) {
      const cpuRatio = median([...cpuRows[0]![1]]) / median([...cpuRows[2]![1]])
      process.stdout.write(`ratio of CPU-time medians app/baseline (GET /healthz): ${fixed(cpuRatio, 2)}\n`)
    }
    const verdict = (ms: number) => `${fixed(ms)} ms, ${ms <= TARGET_MS ? 'met' : 'NOT MET'}`
    process.stdout.write(
      `target (issue 13): median restart ≤ ${TARGET_MS} ms: health check ${verdict(a.median)}; ` +
        `first page ${verdict(page.median)}\n`,
    )
    process.stdout.write(`total time ${fixed((performance.now() - started) / 1000, 1)} s\n`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await scratch?.drop()
  }
}

await main()
