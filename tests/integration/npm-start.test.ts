// `npm start` (scripts/start.js) becomes the bundled server in its own process, with the memory
// settings of decision 038 (scripts/server-settings.js), and an operator's own settings win.
// Without the flags PGlite's server holds 350-390 MB after 1,000 requests instead of ~250.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { projectRoot } from '#server/paths.ts'
import { ensureSiteBuilt, freePort, serverEnv, spawnNode } from '#tests/helpers/server-process.ts'

let dir: string
beforeAll(async () => {
  await ensureSiteBuilt()
  dir = mkdtempSync(path.join(tmpdir(), 'vq-npm-start-'))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Starts `node <args> scripts/start.js` with `env` on top of the test server's; reads what the answering process runs with. */
async function start(args: string[], env: Record<string, string>) {
  const port = await freePort()
  const server = spawnNode([...args, path.join(projectRoot, 'scripts/start.js')], {
    ...serverEnv(port, path.join(dir, String(port))),
    LOG_LEVEL: 'warn',
    ...env,
  })
  try {
    const deadline = Date.now() + 60_000
    let status = 0
    while (status !== 200) {
      if (server.child.exitCode !== null) throw new Error(`npm start exited:\n${server.output()}`)
      if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${server.output()}`)
      status = await fetch(`http://127.0.0.1:${port}/blog`).then(
        (res) => res.status,
        () => 0,
      )
      if (status !== 200) await new Promise((r) => setTimeout(r, 100))
    }
    const pid = server.child.pid as number
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
    const environ = new Map(
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] as const),
    )
    return { argv: argv.map((a) => path.relative(projectRoot, a) || a), environ, output: server.output() }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
}

test('npm start answers as the bundled server, in the same process, with the memory settings', async () => {
  const { argv, environ, output } = await start([], {})
  expect(output).not.toContain('Building the site')
  // Same pid: start.ts became node build/node/main.js with the V8 flags before the entry point.
  expect(argv.slice(1)).toEqual(['--liftoff-only', '--heap-growing-percent=60', path.join('build', 'node', 'main.js')])
  expect(environ.get('NODE_OPTIONS')).toBe('--max-semi-space-size=4')
  expect(environ.get('MALLOC_ARENA_MAX')).toBe('2')
  expect(environ.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072')
}, 90_000)

test("an operator's own flags, NODE_OPTIONS and malloc settings come last or replace ours", async () => {
  const { argv, environ } = await start(['--no-liftoff-only'], {
    NODE_OPTIONS: '--max-semi-space-size=16',
    MALLOC_ARENA_MAX: '4',
  })
  // V8 takes a flag's last value: the operator's come after ours.
  expect(argv.slice(1)).toEqual([
    '--liftoff-only',
    '--heap-growing-percent=60',
    '--no-liftoff-only',
    path.join('build', 'node', 'main.js'),
  ])
  expect(environ.get('NODE_OPTIONS')).toBe('--max-semi-space-size=4 --max-semi-space-size=16')
  expect(environ.get('MALLOC_ARENA_MAX')).toBe('4')
  expect(environ.get('MALLOC_MMAP_THRESHOLD_')).toBe('131072')
}, 90_000)
