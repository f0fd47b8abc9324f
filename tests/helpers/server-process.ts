import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildSite as buildSiteIn } from '#scripts/build-site.ts'
import { needsBuild } from '#scripts/needs-build.js'
import { SERVER_NODE_FLAGS, serverProcessEnv } from '#scripts/server-settings.js'
import { projectRoot, serverBundleFile } from '#server/paths.ts'
import { seedDataFolder } from '#tests/helpers/data-folder-template.ts'

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-long-enough' }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/** A production build of the site, whatever NODE_ENV this process has (Vitest's is 'test'). */
export function buildSite() {
  if (buildSiteIn(projectRoot) !== 0) throw new Error('react-router build failed')
}

const BUILD_LOCK = path.join(projectRoot, 'build.lock')

/**
 * Builds the site when it is missing or older than its sources, once for all test files of a run:
 * vitest runs files in parallel, and two builds writing build/ at once break each other. The first
 * file takes the lock (an atomic mkdir) and builds; the others wait for it.
 */
export async function ensureSiteBuilt() {
  for (;;) {
    if (!needsBuild(projectRoot, serverBundleFile)) return
    try {
      mkdirSync(BUILD_LOCK)
    } catch {
      // A lock left by a killed run is old: take it over.
      const age = Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 5 * 60_000) rmSync(BUILD_LOCK, { recursive: true, force: true })
      await new Promise((r) => setTimeout(r, 500))
      continue
    }
    try {
      if (needsBuild(projectRoot, serverBundleFile)) buildSite()
    } finally {
      rmSync(BUILD_LOCK, { recursive: true, force: true })
    }
  }
}

/** The environment of a test server on `port`: the e2e admin, a data folder unless it uses PostgreSQL. */
export function serverEnv(port: number, dataDir: string | null): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  }
}

export interface NodeProcess {
  child: ChildProcess
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>
}

/** Runs `node <args>` in the project root with only the given environment, collecting its output. */
export function spawnNode(args: string[], env: Record<string, string | undefined>): NodeProcess {
  const child = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

export interface TestServer {
  url: string
  port: number
  dataDir: string | null
  child: ChildProcess
  output: () => string
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export interface StartOptions {
  build?: boolean
  env?: Record<string, string>
  /** Reuse a data folder (restart tests); a new temporary one otherwise. */
  dataDir?: string
  keepDataDir?: boolean
  /** Node options before the entry point (e.g. `--import` a probe). */
  nodeArgs?: string[]
}

/**
 * Starts the bundled server (build/node/main.js, what `npm start` runs) as its own process, and
 * waits for /healthz. The build must be current: `build: true`, ensureSiteBuilt() or global setup.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  if (options.build) buildSite()
  const port = await freePort()
  const usesPostgres = Boolean(options.env?.DATABASE_URL)
  const dataDir = usesPostgres ? null : (options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'vq-e2e-')))
  if (dataDir) seedDataFolder(dataDir)
  // With npm start's own flags and environment (scripts/server-settings.js): tests and benches run
  // the server as production does.
  const { child, output, exited } = spawnNode(
    [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), serverBundleFile],
    serverProcessEnv({
      ...serverEnv(port, dataDir),
      LOG_LEVEL: 'warn',
      ...options.env,
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    const state = await Promise.race([exited.then(() => 'exited' as const), fetchOk(`${url}/healthz`)])
    if (state === 'exited') throw new Error(`server exited during start:\n${output()}`)
    if (state) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become healthy:\n${output()}`)
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  return {
    url,
    port,
    dataDir,
    child,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal)
      const code = await exited
      if (dataDir && !options.keepDataDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

async function fetchOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

/**
 * The global setup built the site, but another Playwright run on this machine may be rebuilding
 * it right now (its global setup empties build/ first): wait for the page build, and start again
 * if it vanished while the server was loading it.
 */
export async function startWithPageBuild(options: StartOptions): Promise<TestServer> {
  const entry = path.join(projectRoot, 'build/server/index.js')
  const deadline = Date.now() + 150_000
  for (;;) {
    while (!existsSync(entry)) {
      if (Date.now() > deadline) throw new Error(`No page build at ${entry}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    try {
      return await startTestServer(options)
    } catch (error) {
      if (!String(error).includes('No page build') || Date.now() > deadline) throw error
    }
  }
}
