// Which source modules the scripts of each public page carry, in gzipped bytes (bench/README.md's
// "Public pages" breakdown). Needs a build made with VQ_CHUNK_REPORT=<file> (vite.config.ts writes
// which module went into which chunk and how many bytes it kept); each chunk's gzipped size is
// shared among its modules in proportion to those bytes.
//
//   VQ_CHUNK_REPORT=/tmp/chunks.json npx react-router build && node bench/script-modules.ts /tmp/chunks.json
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { startTestServer, type TestServer } from '#tests/helpers/server-process.ts'
import { CHROMIUM_ARGS } from '../playwright.config.ts'
import { fixed, table } from './lib.ts'

type Report = Record<string, { modules: Record<string, number> }>

/** node_modules/<package> (with its scope), or the project path without a query string. */
function groupOf(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '')
  const nm = clean.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/')
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean)
  }
  return path.relative(process.cwd(), clean) || clean
}

async function scriptsOf(server: TestServer, pagePath: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const seen: string[] = []
    page.on('response', (r) => {
      const url = new URL(r.url())
      if (url.origin === server.url && url.pathname.endsWith('.js')) seen.push(url.pathname)
    })
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' })
    return seen
  } finally {
    await browser.close()
  }
}

async function main() {
  const reportFile = process.argv[2]
  if (!reportFile) throw new Error('usage: node bench/script-modules.ts <chunk report json>')
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn' } })
  try {
    const posts = (await (await fetch(`${server.url}/api/blog?published=true`)).json()) as { slug: string }[]
    const pages = ['/', '/blog', `/blog/${posts[0]?.slug}`, '/legal/terms']
    for (const pagePath of pages) {
      const groups = new Map<string, number>()
      const chunkRows: string[][] = []
      let total = 0
      for (const pathname of await scriptsOf(server, pagePath)) {
        const file = pathname.replace(/^\//, '')
        const body = readFileSync(path.join('build/client', file))
        const gz = gzipSync(body, { level: 9 }).length
        total += gz
        const modules = report[file]?.modules ?? {}
        const sum = Object.values(modules).reduce((a, b) => a + b, 0)
        chunkRows.push([file, fixed(gz / 1024, 1)])
        for (const [id, bytes] of Object.entries(modules)) {
          const g = groupOf(id)
          groups.set(g, (groups.get(g) ?? 0) + (sum ? (gz * bytes) / sum : 0))
        }
      }
      const rows = [...groups.entries()]
        .sort((a, b) => b[1] - a[1])
        .filter(([, b]) => b >= 256)
        .map(([g, b]) => [g, fixed(b / 1024, 1)])
      process.stdout.write(`\n${pagePath}: ${chunkRows.length} scripts, ${fixed(total / 1024, 1)} KB gz\n`)
      process.stdout.write(
        `${table(
          ['chunk', 'KB gz'],
          chunkRows.sort((a, b) => Number(b[1]) - Number(a[1])),
        )}\n`,
      )
      process.stdout.write(`${table(['module or package (≥ 0.25 KB)', 'KB gz'], rows)}\n`)
    }
  } finally {
    await server.stop()
  }
}

await main()
