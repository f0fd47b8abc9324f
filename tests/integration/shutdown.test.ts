import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { startServer } from '#server/boot.ts'
import { createLogger } from '#server/logger.ts'
import { inProcessServerConfig } from '#tests/helpers/app.ts'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/**
 * Each test starts a server on a new data directory (PGlite's initdb and every migration): 4-13 s on
 * a loaded 2-core machine, which ran past Vitest's 30 s beside the rest of the suite.
 */
const BOOT_TIMEOUT = 90_000

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

async function boot(shutdownMs: number, gate: Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vq-stop-'))
  dirs.push(dataDir)
  const config = inProcessServerConfig({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(shutdownMs) })
  let entered = deferred()
  const running = await startServer(config, createLogger('silent'), async () => {
    entered.resolve()
    await gate
    return new Response('finished', { status: 200 })
  })
  return { running, entered: () => entered.promise, reset: () => (entered = deferred()) }
}

test(
  'on stop, an in-flight request finishes, new connections are refused, then the database closes',
  async () => {
    const gate = deferred()
    const { running, entered } = await boot(10_000, gate.promise)
    const inFlight = fetch(`${running.url}/slow`)
    await entered()
    const stopped = running.stop()
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow()
    expect(await running.services.database.ping()).toBe(true)
    gate.resolve()
    const res = await inFlight
    expect([res.status, await res.text()]).toEqual([200, 'finished'])
    await stopped
    expect(await running.services.database.ping()).toBe(false)
  },
  BOOT_TIMEOUT,
)

test(
  'a request still running at the shutdown deadline is cut off and the stop completes',
  async () => {
    const never = new Promise<void>(() => {})
    const { running, entered } = await boot(300, never)
    const inFlight = fetch(`${running.url}/stuck`).then(
      () => 'answered',
      () => 'cut off',
    )
    await entered()
    await running.stop()
    expect(await inFlight).toBe('cut off')
    expect(await running.services.database.ping()).toBe(false)
  },
  BOOT_TIMEOUT,
)
