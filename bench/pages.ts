// Public pages, in one run:
//  1. req/s of the real server answering `/`, `/blog` and a post page from its page cache, as a
//     ratio against a bare node:http server answering the same bytes with the same headers (both
//     asked with a browser's Accept-Encoding, so both send the same brotli body); also the rate
//     of a second server with the cache off (PAGE_CACHE_TTL_MS=0), i.e. a render per request.
//  2. the weight of each public page as Chromium loads it: HTML, JS, CSS (raw and gzipped), images,
//     fonts and media, and a check that no admin, editor, AI or chart code is among its scripts.
//
//   node bench/pages.ts
//
// Settings (bounded): BENCH_CONNECTIONS (50), BENCH_WARMUP seconds (2), BENCH_SECONDS measured per
// run (5), BENCH_ROUNDS (2). Targets: cached pages ≥ 0.4 of the baseline; JS as sent (issue 27):
// a post page and `/blog` ≤ 30 KB, `/` ≤ 25 KB (decisions 043, 066); the run exits non-zero when
// one is missed.
// Needs Debian's chromium (or CHROME_PATH) for part 2.
import { gzipSync } from 'node:zlib'
import autocannon, { type Result } from 'autocannon'
import { chromium } from 'playwright-core'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import { CHROMIUM_ARGS } from '../playwright.config.ts'
import {
  type Baseline,
  type Captured,
  capture,
  ensureBuild,
  fixed,
  machineLine,
  rawGet,
  setting,
  startBaseline,
  table,
} from './lib.ts'

const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 1, 500)
const WARMUP = setting('BENCH_WARMUP', 2, 0, 30)
const SECONDS = setting('BENCH_SECONDS', 5, 1, 60)
const ROUNDS = setting('BENCH_ROUNDS', 2, 1, 5)
const RATIO_TARGET = 0.4
/**
 * JavaScript budgets (issue 13 §4), by the page's name in the tables, checked against the bytes
 * Chromium transfers ("JS KB sent": brotli from this server), as the issue measures them. The
 * gzipped size is printed beside them: React, React DOM and React Router alone are ~104 KB
 * gzipped. docs/decisions/037-public-page-script-budget.md (second addendum)
 */
const JS_BUDGETS: Record<string, number> = { '/': 25 * 1024, '/blog': 30 * 1024, '/blog/{slug}': 30 * 1024 }
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', 'user-agent': 'Mozilla/5.0 bench' }
/** Script names that belong to the admin, the editor, the AI studio or charts, never to a public page. */
const PRIVATE_CODE = /(?:^|\/)(?:admin|login|guarded|create|edit|contacts|editor|ai-|chart|queries|query|mutation)[-.]/i
/**
 * Libraries only admin screens use, found by what their code says whatever chunk they land in
 * (issue 13: Radix primitives, the query client, zod's validators).
 */
const PRIVATE_MARKERS = [
  { name: 'Radix', text: 'radix-' },
  { name: 'TanStack Query', text: 'No QueryClient set' },
  { name: 'zod', text: 'ZodError' },
]

async function load(url: string): Promise<Result> {
  return autocannon({
    url,
    headers: BROWSER_HEADERS,
    connections: CONNECTIONS,
    duration: SECONDS,
    warmup: WARMUP > 0 ? { connections: CONNECTIONS, duration: WARMUP } : undefined,
    timeout: 20,
    skipAggregateResult: true,
  })
}

const rate = (runs: Result[]) =>
  runs.reduce((n, r) => n + r.totalCompletedRequests, 0) / runs.reduce((n, r) => n + r.duration, 0)
const bad = (runs: Result[]) => runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0)

async function throughput(server: TestServer, uncached: TestServer, paths: { name: string; path: string }[]) {
  const captured: Record<string, Captured> = {}
  for (const { path } of paths) {
    await capture(`${server.url}${path}`, BROWSER_HEADERS)
    const page = await capture(`${server.url}${path}`, BROWSER_HEADERS)
    if (page.headers['x-cache'] !== 'HIT') throw new Error(`${path} was not served from the cache`)
    captured[path] = page
  }
  const baseline: Baseline = await startBaseline(captured)
  const rows: string[][] = []
  let failed = false
  let belowTarget = false
  try {
    for (const { name, path } of paths) {
      const replay = await rawGet(`${baseline.url}${path}`)
      if (!replay.body.equals(captured[path]?.bytes as Buffer)) throw new Error(`baseline body differs for ${path}`)
      const app: Result[] = []
      const base: Result[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ([base, app] as const) : ([app, base] as const)
        for (const side of order) {
          const result = await load(`${side === app ? server.url : baseline.url}${path}`)
          side.push(result)
          process.stdout.write(
            `  ${name} round ${round + 1} ${side === app ? 'app     ' : 'baseline'}: ` +
              `${fixed(result.totalCompletedRequests / result.duration)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors\n`,
          )
        }
      }
      const rendered = await load(`${uncached.url}${path}`)
      process.stdout.write(
        `  ${name} no cache     : ${fixed(rendered.totalCompletedRequests / rendered.duration)} req/s\n`,
      )
      if (bad(app) + bad(base) + bad([rendered]) > 0) failed = true
      const ratio = rate(app) / rate(base)
      if (ratio < RATIO_TARGET) belowTarget = true
      rows.push([
        name,
        fixed(rate(app)),
        fixed(rate(base)),
        fixed(ratio, 3),
        fixed(rate([rendered])),
        fixed(rate([rendered]) / rate(base), 3),
        String(captured[path]?.bytes.length),
      ])
    }
  } finally {
    await baseline.stop()
  }
  process.stdout.write(
    `\n${table(
      [
        'page (brotli)',
        'cached req/s',
        'baseline req/s',
        'ratio cached/baseline',
        'no-cache req/s',
        'ratio no-cache/baseline',
        'body B',
      ],
      rows,
    )}\n`,
  )
  process.stdout.write(
    `target: cached ≥ ${RATIO_TARGET} of the baseline: ${belowTarget ? 'BELOW TARGET on some page' : 'met on every page'}\n`,
  )
  return { failed }
}

interface Weight {
  html: [number, number]
  js: [number, number]
  /** JS bytes as sent (brotli from this server), from Chromium's own count of the response body. */
  jsSent: number
  css: [number, number]
  images: number
  fonts: number
  media: number
  requests: number
  privateScripts: string[]
}

async function pageWeights(server: TestServer, paths: { name: string; path: string }[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  const rows: string[][] = []
  const budgets: string[] = []
  let over = false
  let leaked = false
  try {
    for (const { name, path } of paths) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const seen: { url: string; type: string; sent: Promise<number> }[] = []
      page.on('response', (r) => {
        if (new URL(r.url()).origin !== server.url) return
        const sent = r
          .finished()
          .then(() => r.request().sizes())
          .then((s) => s.responseBodySize)
          .catch(() => 0)
        seen.push({ url: r.url(), type: r.request().resourceType(), sent })
      })
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
      const sentSizes = await Promise.all(seen.map((s) => s.sent))
      await context.close()
      const w: Weight = {
        html: [0, 0],
        js: [0, 0],
        jsSent: 0,
        css: [0, 0],
        images: 0,
        fonts: 0,
        media: 0,
        requests: seen.length,
        privateScripts: [],
      }
      for (const [i, { url, type }] of seen.entries()) {
        const { body } = await rawGet(url, { 'accept-encoding': 'identity' })
        const pair = (slot: [number, number]) => {
          slot[0] += body.length
          slot[1] += gzipSync(body, { level: 9 }).length
        }
        if (type === 'document') pair(w.html)
        else if (type === 'script' || url.endsWith('.js')) {
          pair(w.js)
          w.jsSent += sentSizes[i] ?? 0
          if (PRIVATE_CODE.test(new URL(url).pathname.split('/').pop() ?? '')) w.privateScripts.push(url)
          const text = body.toString('latin1')
          for (const m of PRIVATE_MARKERS) if (text.includes(m.text)) w.privateScripts.push(`${url} (${m.name})`)
        } else if (type === 'stylesheet') pair(w.css)
        else if (type === 'image') w.images += body.length
        else if (type === 'font') w.fonts += body.length
        else if (type === 'media') w.media += body.length
      }
      const budget = JS_BUDGETS[name]
      if (budget !== undefined) {
        budgets.push(
          `${name} ${fixed(w.jsSent / 1024, 1)} KB (≤ ${budget / 1024}; ${fixed(w.js[1] / 1024, 1)} gzipped): ` +
            `${w.jsSent <= budget ? 'met' : 'OVER'}`,
        )
        if (w.jsSent > budget) over = true
      }
      if (w.privateScripts.length > 0) leaked = true
      const kb = (n: number) => fixed(n / 1024, 1)
      rows.push([
        name,
        String(w.requests),
        `${kb(w.html[0])} / ${kb(w.html[1])}`,
        `${kb(w.js[0])} / ${kb(w.js[1])}`,
        kb(w.jsSent),
        `${kb(w.css[0])} / ${kb(w.css[1])}`,
        kb(w.images),
        kb(w.fonts),
        kb(w.media),
        w.privateScripts.length ? w.privateScripts.map((u) => u.replace(server.url, '')).join(' ') : 'none',
      ])
    }
  } finally {
    await browser.close()
  }
  process.stdout.write(
    `\n${table(
      [
        'page (first load, 1280×800)',
        'requests',
        'HTML KB raw / gz',
        'JS KB raw / gz',
        'JS KB sent',
        'CSS KB raw / gz',
        'images KB',
        'fonts KB',
        'media KB',
        'admin/editor/AI scripts',
      ],
      rows,
    )}\n`,
  )
  process.stdout.write(
    `targets, JS as transferred: ${budgets.join('; ')}\nprivate code on public pages: ${leaked ? 'FOUND' : 'none'}\n`,
  )
  return { failed: leaked, over }
}

async function main() {
  const started = performance.now()
  ensureBuild()
  process.stdout.write(`${machineLine()}\n`)
  process.stdout.write(
    `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s measured per run, ${ROUNDS} round(s) per side; ` +
      'sample content (SEED_SAMPLE_CONTENT), PGlite\n',
  )
  let server: TestServer | undefined
  let uncached: TestServer | undefined
  try {
    ;[server, uncached] = await Promise.all([
      startTestServer({ env: { LOG_LEVEL: 'warn' } }),
      startTestServer({ env: { LOG_LEVEL: 'warn', PAGE_CACHE_TTL_MS: '0' } }),
    ])
    const posts = (await (await fetch(`${server.url}/api/blog?published=true`)).json()) as { slug: string }[]
    const slug = posts[0]?.slug
    if (!slug) throw new Error('no published post to measure')
    const hot = [
      { name: '/', path: '/' },
      { name: '/blog', path: '/blog' },
      { name: '/blog/{slug}', path: `/blog/${slug}` },
    ]
    const speed = await throughput(server, uncached, hot)
    const weight = await pageWeights(server, [
      ...hot,
      { name: '/legal/terms', path: '/legal/terms' },
      { name: '/legal/privacy', path: '/legal/privacy' },
      { name: '404', path: '/no-such-page' },
    ])
    process.stdout.write(
      `\npost measured: /blog/${slug}\ntotal time ${fixed((performance.now() - started) / 1000, 1)} s\n`,
    )
    if (speed.failed || weight.failed) {
      process.stderr.write('FAIL: errors under load, or admin/editor/AI code on a public page (see above)\n')
      process.exitCode = 1
    }
    if (weight.over) {
      process.stderr.write('FAIL: a page carries more JavaScript than its budget (see above)\n')
      process.exitCode = 1
    }
  } finally {
    await Promise.all([server?.stop(), uncached?.stop()])
  }
}

await main()
