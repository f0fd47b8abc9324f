// Shared helpers of the benches: build check, bounded settings, tight readiness polling, tables.
import { type ChildProcess, fork, spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon, { type Result } from 'autocannon'
import { needsBuild } from '#scripts/needs-build.js'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { buildSite, E2E_ADMIN, type TestServer } from '#tests/helpers/server-process.ts'
import type { BaselineMessage, BaselineRoute } from './baseline-server.ts'

/**
 * The benches run the production build (pages and bundled server), as `npm start` would: build it
 * first when it is missing or older than its sources.
 */
export function ensureBuild() {
  if (!needsBuild(projectRoot, serverBundleFile)) return
  process.stdout.write(
    `The build at ${serverBundleFile} is missing or stale: building it first (not part of any figure).\n`,
  )
  buildSite()
}

/** An integer setting from the environment, clamped so a typo cannot make a bench run for hours. */
export function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got ${raw}`)
  return Math.min(max, Math.max(min, n))
}

/**
 * The settings of the benches that send a fixed number of requests (redirects, old addresses):
 * BENCH_CONNECTIONS (50), BENCH_REQUESTS per run (40 000), BENCH_WARMUP_REQUESTS per side (5 000),
 * BENCH_ROUNDS (2).
 */
export function amountSettings() {
  return {
    CONNECTIONS: setting('BENCH_CONNECTIONS', 50, 1, 500),
    REQUESTS: setting('BENCH_REQUESTS', 40_000, 1_000, 1_000_000),
    WARMUP: setting('BENCH_WARMUP_REQUESTS', 5_000, 0, 100_000),
    ROUNDS: setting('BENCH_ROUNDS', 2, 1, 5),
  }
}

/** One autocannon run of exactly `amount` requests, its raw histograms kept for aggregateResult. */
export async function loadAmount(
  url: string,
  amount: number,
  connections: number,
  headers?: Record<string, string>,
): Promise<Result> {
  return await autocannon({
    url,
    connections,
    amount,
    timeout: 20,
    // autocannon notices the end of a fixed-amount run at its next sample tick (default every
    // second), which would round every duration up to whole seconds: sample every 10 ms instead.
    sampleInt: 10,
    ...(headers ? { headers } : {}),
    skipAggregateResult: true,
  })
}

/**
 * Runs each side `rounds` times, alternating which goes first (the machine's load drifts), and
 * prints each run's line with its count of `status` answers; answers the runs of each side.
 */
export async function alternatingRounds(
  rounds: number,
  status: string,
  run: (side: 'app' | 'base') => Promise<Result>,
): Promise<Record<'app' | 'base', Result[]>> {
  const runs: Record<'app' | 'base', Result[]> = { app: [], base: [] }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['base', 'app'] as const) : (['app', 'base'] as const)
    for (const side of order) {
      const result = await run(side)
      runs[side].push(result)
      process.stdout.write(
        `  round ${round + 1} ${side === 'app' ? 'app     ' : 'baseline'}: ` +
          `${fixed(result.totalCompletedRequests / result.duration)} req/s, ` +
          `${result.statusCodeStats[status]?.count ?? 0} × ${status}, ${result.errors} errors, ${result.timeouts} timeouts\n`,
      )
    }
  }
  return runs
}

/**
 * A side's runs in figures: requests per second, answers other than `status`, errors and
 * timeouts. Counted before aggregateResult, which merges the runs' status tallies into the first.
 */
export function runsSummary(runs: Result[], status: string) {
  const requests = runs.reduce((n, r) => n + r.totalCompletedRequests, 0)
  const seconds = runs.reduce((n, r) => n + r.duration, 0)
  const notStatus = runs.reduce((n, r) => n + r.totalCompletedRequests - (r.statusCodeStats[status]?.count ?? 0), 0)
  const errors = runs.reduce((n, r) => n + r.errors + r.timeouts, 0)
  return { rps: requests / seconds, notStatus, errors }
}

/** The line that sets a bench's app/baseline throughput ratio against its target. */
export const ratioLine = (ratio: number, target: number) =>
  `\nratio app/baseline: ${fixed(ratio, 3)} (target ≥ ${target}) ${ratio >= target ? 'OK' : 'BELOW TARGET'}\n`

/** Stops a bench's baseline and server and removes the server's data directory (kept for reading). */
export async function stopBench(server: TestServer | undefined, baseline: Baseline | undefined): Promise<void> {
  await baseline?.stop()
  if (server) {
    await server.stop()
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true })
  }
}

/** `headers` without those that differ per response or per connection (PER_RESPONSE). */
export function replayable(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) if (!PER_RESPONSE.has(name)) kept[name] = value
  return kept
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const fixed = (n: number, digits = 0) => n.toFixed(digits)

/** Monospace table: first column left-aligned, the others right-aligned. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function machineLine(): string {
  const cpus = os.cpus()
  return `node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? '?'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`
}

/** BENCH_DATABASE_URL: the database benches run on that PostgreSQL instead of a new PGlite data directory. */
export const databaseUrl = process.env.BENCH_DATABASE_URL || undefined

/** The environment of a database bench's server: no sample posts, on BENCH_DATABASE_URL when set. */
export const emptyServerEnv = {
  SEED_SAMPLE_CONTENT: 'false',
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
}

/**
 * Starts a database bench: builds the pages when missing, prints the machine, the database and the
 * bench's `settings`; returns the start time.
 */
export function beginDatabaseBench(settings: string): number {
  const started = performance.now()
  ensureBuild()
  process.stdout.write(`${machineLine()}\n`)
  process.stdout.write(
    `database: ${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite, new temporary data directory'}; ${settings}\n`,
  )
  return started
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/**
 * CPU seconds (user + system, every thread) a process has used so far, from /proc; null where
 * there is no /proc. On a shared machine a server's CPU time per request moves far less with the
 * load than its requests per second.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return null
  }
}

/** Status of one GET on a fresh connection, or null when nothing answers (yet). */
export function statusOf(url: string, timeoutMs = 2_000): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? null))
      res.on('error', () => resolve(null))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(null))
  })
}

/**
 * Polls until `url` answers 200, every `intervalMs` (tight, so the wait adds at most a few ms to a
 * start-up figure; startTestServer polls every 150 ms, too coarse for timing). Rejects when the
 * process exits first or after `timeoutMs`.
 */
export async function waitForOk(
  url: string,
  exited: Promise<unknown>,
  { intervalMs = 5, timeoutMs = 60_000 } = {},
): Promise<void> {
  let gone = false
  exited.then(() => {
    gone = true
  })
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if ((await statusOf(url)) === 200) return
    if (gone) throw new Error(`process exited before ${url} answered 200`)
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** Headers that differ per response or per connection; the baseline sets its own. */
export const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

export interface Captured extends BaselineRoute {
  bytes: Buffer
}

/** One 200 answer, bytes as sent (no decoding) and headers, for the baseline to replay. */
export async function capture(url: string, headers: Record<string, string> = {}): Promise<Captured> {
  const res = await rawGet(url, headers)
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`)
  return {
    status: res.status,
    headers: replayable(res.headers),
    bodyBase64: res.body.toString('base64'),
    bytes: res.body,
  }
}

/** A GET with node:http, which (unlike fetch) hands back the body exactly as it came: compressed. */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const flat: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value
        }
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** Signs in as the admin that startTestServer creates; returns the session cookie. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  })
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`)
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
  if (!cookie?.startsWith('vq_session=')) throw new Error('admin sign-in set no session cookie')
  return cookie
}

export interface Baseline {
  url: string
  /** The baseline server's process id (for its CPU time). */
  pid: number | undefined
  stop: () => Promise<void>
}

/** bench/baseline-server.ts in a process of its own, answering `routes` byte for byte. */
export async function startBaseline(routes: Record<string, BaselineRoute>): Promise<Baseline> {
  const child: ChildProcess = fork(path.join(projectRoot, 'bench/baseline-server.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('baseline server did not start within 10 s')), 10_000)
    child.once('message', (m) => {
      clearTimeout(timer)
      resolve((m as { port: number }).port)
    })
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)))
    child.send({ routes } satisfies BaselineMessage)
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(killer)
    },
  }
}
