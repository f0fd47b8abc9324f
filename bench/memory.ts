// Resident memory of the production server: after start (idle), after 1,000 mixed requests, and its
// peak, read from /proc/<pid>/status of the server process itself. Targets (issue 13, item 2):
// ≤ 300 MB on PGlite, ≤ 200 MB on PostgreSQL. A bare `node -e` http server's RSS is printed for
// reference.
//
//   node bench/memory.ts            (PGlite in a new temporary data directory)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vq_bench_memory node bench/memory.ts
//
// The server is started as `npm start` runs it: `node scripts/start.js`, which builds in a child
// process only when the build is stale (the bench builds first when it is, so no build runs while
// the server is measured) and then becomes the bundled server (build/node/main.js) with execve, in
// the same process and with decision 038's memory settings. That pid is the one measured: no npm
// wrapper in between (checked through /proc/<pid>/cmdline).
//
// To try process-wide knobs that only work from the command line or the environment (bench/README.md):
//   BENCH_NODE_FLAGS='--max-semi-space-size=16' MALLOC_ARENA_MAX=8 node bench/memory.ts
// (flags given here come after npm start's own, scripts/server-settings.js, and win)
//
// Settings (bounded): BENCH_REQUESTS (1000), BENCH_CONCURRENCY (8), BENCH_SETTLE_MS (1500) waited
// before each reading so timers and garbage collection settle.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { needsBuild } from '#scripts/needs-build.js'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { buildSite, freePort, serverEnv, spawnNode } from '#tests/helpers/server-process.ts'
import { databaseUrl, fixed, machineLine, setting, signIn, table, waitForOk } from './lib.ts'

const REQUESTS = setting('BENCH_REQUESTS', 1_000, 100, 20_000)
const CONCURRENCY = setting('BENCH_CONCURRENCY', 8, 1, 64)
const SETTLE_MS = setting('BENCH_SETTLE_MS', 1_500, 0, 30_000)
/** Node flags of the server only (`node <flags> scripts/start.js`), to try a V8 flag without changing npm start. */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)
/** glibc's limit of malloc arenas, passed to the server when set (see bench/README.md). */
const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX
const TARGET_MB = databaseUrl ? 200 : 300
const MB = 1024 * 1024
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'

interface Memory {
  rss: number
  hwm: number
}

/** VmRSS and VmHWM (peak resident) of a process, in bytes. */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`)
    return Number(match[1]) * 1024
  }
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
}

const mb = (bytes: number) => fixed(bytes / MB, 1)
const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS))

async function ok(res: Response, what: string, expected = 200): Promise<string> {
  const body = await res.text()
  if (res.status !== expected) throw new Error(`${what} answered ${res.status}: ${body.slice(0, 300)}`)
  return body
}

/** A 1600×1000 photo-like JPEG (noise compresses about as badly as a photo), made in this process. */
function photo(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: { r: 90, g: 120, b: 160 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** What the admin creates through the API: an uploaded image and a short link (an X post) of a post. */
async function setUp(url: string) {
  const cookie = await signIn(url)
  const headers = { 'content-type': 'application/json', cookie }
  const posts = JSON.parse(await ok(await fetch(`${url}/api/blog?published=true`), 'GET /api/blog')) as {
    id: number
    slug: string
  }[]
  const post = posts[0]
  if (!post) throw new Error('no published sample post: is SEED_SAMPLE_CONTENT off?')
  const image = await photo()
  const uploaded = JSON.parse(
    await ok(
      await fetch(`${url}/api/blog/upload-image`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          imageData: `data:image/jpeg;base64,${image.toString('base64')}`,
          fileName: 'bench.jpg',
        }),
      }),
      'POST /api/blog/upload-image',
    ),
  ) as { imageUrl: string }
  const xPost = JSON.parse(
    await ok(
      await fetch(`${url}/api/blog/${post.id}/publish-x`, { method: 'POST', headers, body: '{}' }),
      'POST /api/blog/{id}/publish-x',
      201,
    ),
  ) as { shortCode: string }
  return { cookie, slug: post.slug, imageUrl: uploaded.imageUrl, code: xPost.shortCode, posts: posts.length }
}

interface Mix {
  name: string
  /** Share of the requests, out of the sum of all weights. */
  weight: number
  paths: string[]
  admin?: boolean
  /** Status the server must answer. */
  status?: number
}

function mixOf(slug: string, imageUrl: string, code: string): Mix[] {
  return [
    { name: 'GET /', weight: 20, paths: ['/'] },
    { name: 'GET /blog', weight: 15, paths: ['/blog'] },
    { name: 'GET /blog/{slug}', weight: 20, paths: [`/blog/${slug}`] },
    { name: 'GET /api/blog', weight: 10, paths: ['/api/blog'] },
    { name: 'GET /api/blog/{slug}', weight: 10, paths: [`/api/blog/${slug}`] },
    { name: 'GET /s/{code}', weight: 10, paths: [`/s/${code}`], status: 302 },
    // Every width of the closed set: the first request of each makes the variant with sharp.
    {
      name: 'GET /images/{hash}?w=',
      weight: 8,
      paths: [160, 320, 480, 640, 960, 1280, 1600, 1920].map((w) => `${imageUrl}?w=${w}`),
    },
    {
      name: 'admin API',
      weight: 7,
      admin: true,
      paths: ['/api/admin/status', '/api/blog', '/api/analytics/overview', '/api/admin/contact-submissions'],
    },
  ]
}

/** REQUESTS requests in a fixed interleaved order, CONCURRENCY at a time; counts per kind. */
async function sendMix(url: string, cookie: string, mix: Mix[]): Promise<Map<string, number>> {
  const total = mix.reduce((n, m) => n + m.weight, 0)
  const plan: { kind: Mix; path: string }[] = []
  const counters = new Map<string, number>()
  for (const kind of mix) {
    const count = Math.round((REQUESTS * kind.weight) / total)
    for (let i = 0; i < count; i++) plan.push({ kind, path: kind.paths[i % kind.paths.length] as string })
  }
  // Interleave deterministically: a stride walk over the plan instead of running each kind in a block.
  const ordered = plan.map((_, i) => plan[(i * 7919) % plan.length] as (typeof plan)[number])
  let next = 0
  async function worker() {
    while (next < ordered.length) {
      const { kind, path: p } = ordered[next++] as (typeof plan)[number]
      const res = await fetch(`${url}${p}`, {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER, 'accept-encoding': 'br, gzip', ...(kind.admin ? { cookie } : {}) },
      })
      await res.arrayBuffer()
      const expected = kind.status ?? 200
      if (res.status !== expected) throw new Error(`GET ${p} answered ${res.status}, expected ${expected}`)
      counters.set(kind.name, (counters.get(kind.name) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return counters
}

/** RSS of `node -e` with a bare http server that has answered a few requests: the floor. */
async function bareNodeRss(): Promise<number> {
  const port = await freePort()
  const script = "require('http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT),'127.0.0.1')"
  const bare = spawnNode(['-e', script], { PATH: process.env.PATH, PORT: String(port) })
  try {
    await waitForOk(`http://127.0.0.1:${port}/`, bare.exited)
    for (let i = 0; i < 100; i++) await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer()
    await settle()
    return memoryOf(bare.child.pid as number).rss
  } finally {
    bare.child.kill('SIGTERM')
    await bare.exited
  }
}

async function main() {
  const started = performance.now()
  if (needsBuild(projectRoot, serverBundleFile)) {
    process.stdout.write('The page build is missing or stale: building it first (not part of any figure).\n')
    buildSite()
  }
  process.stdout.write(`${machineLine()}\n`)
  process.stdout.write(
    `database: ${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite, new temporary data directory'}; ` +
      `${REQUESTS} mixed requests, ${CONCURRENCY} at a time; sample content on; ` +
      `node flags: ${NODE_FLAGS.join(' ') || 'none'}; MALLOC_ARENA_MAX: ${MALLOC_ARENA_MAX ?? 'unset'}\n`,
  )

  const port = await freePort()
  const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'vq-bench-memory-'))
  const server = spawnNode([...NODE_FLAGS, path.join(projectRoot, 'scripts/start.js')], {
    ...serverEnv(port, dataDir),
    LOG_LEVEL: 'warn',
    SEED_SAMPLE_CONTENT: 'true',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX } : {}),
  })
  const url = `http://127.0.0.1:${port}`
  let failed = false
  try {
    await waitForOk(`${url}/healthz`, server.exited, { intervalMs: 50 })
    const pid = server.child.pid as number
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
    // scripts/start.js becomes the server (execve: same pid) with the memory settings of decision 038.
    if (!cmdline[0]?.endsWith('node') || !cmdline.some((a) => a.endsWith('build/node/main.js'))) {
      throw new Error(`pid ${pid} is not the node server: ${cmdline.join(' ')}`)
    }
    if (server.output().includes('Building the site')) throw new Error('npm start built the site in this run')
    process.stdout.write(`server: pid ${pid}, ${cmdline.map((a) => path.relative(projectRoot, a) || a).join(' ')}\n`)

    await settle()
    const idle = memoryOf(pid)
    const { cookie, slug, imageUrl, code, posts } = await setUp(url)
    process.stdout.write(
      `set up: ${posts} published posts, uploaded ${imageUrl.slice(0, 24)}…, short link /s/${code}\n`,
    )
    const counters = await sendMix(url, cookie, mixOf(slug, imageUrl, code))
    await settle()
    const loaded = memoryOf(pid)
    const bare = await bareNodeRss()

    process.stdout.write(
      `\n${table(
        ['requests', 'count'],
        [...counters].map(([name, n]) => [name, String(n)]),
      )}\n`,
    )
    const over = loaded.rss > TARGET_MB * MB
    process.stdout.write(
      `\n${table(
        ['resident memory', 'MB'],
        [
          ['server after start (idle)', mb(idle.rss)],
          [`server after ${REQUESTS} requests`, mb(loaded.rss)],
          ['server peak (VmHWM)', mb(loaded.hwm)],
          ['bare node:http server (reference)', mb(bare)],
        ],
      )}\n`,
    )
    process.stdout.write(
      `\nRSS after ${REQUESTS} requests: ${mb(loaded.rss)} MB (target ≤ ${TARGET_MB} MB on ` +
        `${databaseUrl ? 'PostgreSQL' : 'PGlite'}) ${over ? 'OVER' : 'OK'}\n`,
    )
    failed = over
    process.stdout.write(`\ntotal time ${fixed((performance.now() - started) / 1000, 1)} s\n`)
  } catch (error) {
    process.stderr.write(`server output:\n${server.output()}\n`)
    throw error
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM')
    await server.exited
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  if (failed) {
    process.stderr.write(`FAIL: resident memory over ${TARGET_MB} MB\n`)
    process.exitCode = 1
  }
}

await main()
