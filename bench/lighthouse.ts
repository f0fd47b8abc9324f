// Lighthouse 12 (mobile preset, simulated throttling) on the public pages of a real server with the
// sample content: performance, accessibility, best practices and SEO per page.
//
//   node bench/lighthouse.ts
//   LH_PAGES=/,/blog/{post} LH_KEEP=/tmp/lh node bench/lighthouse.ts   (some pages; keep the JSON reports)
//
// Lighthouse is not a dependency of the project: it is run with `npx --yes lighthouse@12`, which
// fetches it from the npm registry the first time. Chromium: CHROME_PATH or /usr/bin/chromium.
// Targets (issue 13 §5): 100 in all four categories on every page (issue 6 asked performance ≥ 95).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import { CHROMIUM_ARGS } from '../playwright.config.ts'
import { ensureBuild, machineLine, table } from './lib.ts'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}

interface Report {
  categories: Record<string, { score: number | null }>
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string; displayValue?: string }>
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again, twice. */
function lighthouse(url: string, out: string, attempts = 3): Report {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, out)
    } catch (error) {
      if (attempt >= attempts) throw error
      process.stdout.write(`  ${url}: ${(error as Error).message}; trying again\n`)
    }
  }
}

function lighthouseOnce(url: string, out: string): Report {
  const flags = CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new')
  const result = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${flags.join(' ')}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 300_000,
    },
  )
  if (result.status !== 0) throw new Error(`lighthouse exited with ${result.status} for ${url}`)
  return JSON.parse(readFileSync(out, 'utf8')) as Report
}

async function main() {
  ensureBuild()
  process.stdout.write(`${machineLine()}\n`)
  const keep = process.env.LH_KEEP
  if (keep) mkdirSync(keep, { recursive: true })
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'vq-lighthouse-'))
  let server: TestServer | undefined
  try {
    server = await startTestServer({ env: { LOG_LEVEL: 'warn' } })
    const posts = (await (await fetch(`${server.url}/api/blog?published=true`)).json()) as { slug: string }[]
    const post = `/blog/${posts[0]?.slug}`
    const all = ['/', '/blog', post, '/legal/terms']
    const pages = process.env.LH_PAGES
      ? process.env.LH_PAGES.split(',').map((p) => p.replace('{post}', posts[0]?.slug ?? ''))
      : all
    const rows: string[][] = []
    const misses: string[] = []
    for (const [i, page] of pages.entries()) {
      const report = lighthouse(`${server.url}${page}`, path.join(dir, `${i}.json`))
      const scores = CATEGORIES.map((c) => Math.round((report.categories[c]?.score ?? 0) * 100))
      const metrics = Object.values(METRICS).map((id) => (report.audits[id]?.displayValue ?? '?').replace(/\s/g, ''))
      rows.push([page, ...scores.map(String), ...metrics])
      CATEGORIES.forEach((c, k) => {
        if ((scores[k] ?? 0) < TARGETS[c]) misses.push(`${page} ${c} ${scores[k]}`)
      })
      // What cost points, so a below-target score can be acted on.
      for (const audit of Object.values(report.audits)) {
        if (audit.scoreDisplayMode === 'binary' && audit.score === 0)
          process.stdout.write(`  ${page}: ${audit.title}\n`)
      }
    }
    process.stdout.write(`\n${table(['page (mobile)', ...CATEGORIES, ...Object.keys(METRICS)], rows)}\n`)
    process.stdout.write(misses.length ? `below target: ${misses.join('; ')}\n` : 'every target met\n')
  } finally {
    await server?.stop()
    if (!keep) rmSync(dir, { recursive: true, force: true })
  }
}

await main()
