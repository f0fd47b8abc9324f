// Decision 039: production runs build/node/main.js, whose pages and server carry their packages.
// A start spent 1.3 of its 2.4 s resolving package files from node_modules; this keeps a change
// (a new external, an unbundled import) from bringing that back unnoticed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { projectRoot } from '#server/paths.ts'
import { ensureSiteBuilt, startTestServer } from '#tests/helpers/server-process.ts'

/** Left to Node on purpose (scripts/bundle-server.ts): PGlite's WASM, and sharp with what it loads. */
const LEFT_TO_NODE = ['@electric-sql/pglite', 'sharp', 'detect-libc', 'semver']
const ALSO_ALLOWED = /^@img\//

let dir: string
beforeAll(async () => {
  await ensureSiteBuilt()
  dir = mkdtempSync(path.join(tmpdir(), 'vq-bundle-'))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('the bundled server answers pages and the API loading no package files but the native and WASM ones', async () => {
  const trace = path.join(dir, 'loaded.txt')
  const probe = path.join(dir, 'trace.mjs')
  // Every file Node loads, by import or require, as the server starts and answers.
  writeFileSync(
    probe,
    `import { registerHooks } from 'node:module'
import { appendFileSync } from 'node:fs'
registerHooks({ load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(trace)}, url + '\\n')
  return next(url, context)
} })
`,
  )
  writeFileSync(trace, '')
  const server = await startTestServer({ nodeArgs: ['--import', probe] })
  try {
    for (const address of ['/', '/blog', '/api/blog', '/legal/terms']) {
      expect((await fetch(`${server.url}${address}`)).status, address).toBe(200)
    }
  } finally {
    await server.stop()
  }
  const files = readFileSync(trace, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((url) => path.relative(projectRoot, fileURLToPath(url)))
  expect(files).toContain(path.join('build', 'node', 'main.js'))
  expect(files).toContain(path.join('build', 'server', 'index.js'))
  const packages = new Set(
    files
      .flatMap((file) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1] ?? [])
      .filter((name) => !LEFT_TO_NODE.includes(name) && !ALSO_ALLOWED.test(name)),
  )
  expect([...packages]).toEqual([])
  // Nothing from the sources either: the server is the bundle.
  expect(files.filter((file) => /^(?:server|common|app)\//.test(file))).toEqual([])
  // Issue 13 §3: the AI SDK (~1.6 MB of source) loads with the first AI call, not for pages.
  const aiSdk = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8').includes(AI_SDK_MARK)
  const built = readdirSync(path.join(projectRoot, 'build', 'node'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join('build', 'node', file))
  expect(built.filter(aiSdk).length, 'the AI SDK is in a chunk of its own').toBe(1)
  expect(files.filter((file) => file.startsWith(path.join('build', 'node')) && aiSdk(file))).toEqual([])
}, 90_000)

/** A string only the AI SDK's code holds (the prefix of its error markers). */
const AI_SDK_MARK = 'vercel.ai.error'
