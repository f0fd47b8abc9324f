import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { DataDirLockedError, lockDataDir } from '#server/db/lock.ts'

const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url))
const dirs: string[] = []
const children: ChildProcess[] = []

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vq-lock-'))
  dirs.push(dir)
  return dir
}

/** Another process that takes the lock and holds it until killed; resolves once it holds it. */
function holdLockInChild(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)})
    lockDataDir(${JSON.stringify(dir)})
    process.stdout.write('locked\\n')
    setInterval(() => {}, 1 << 30)
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    let err = ''
    child.stderr?.on('data', (chunk) => {
      err += chunk
    })
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${err}`)))
  })
}

interface RaceResult {
  pid: number
  won: boolean
  error?: { name: string; message: string }
}

/**
 * `count` processes that all call lockDataDir at the same instant (a shared start time they spin
 * towards) and keep running, so a winner still holds the lock while the others look at it.
 */
function raceForLock(dir: string, count: number): Promise<RaceResult[]> {
  const startAt = Date.now() + 1_500
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)})
    while (Date.now() < ${startAt}) {}
    let result
    try {
      lockDataDir(${JSON.stringify(dir)}, { holderPatienceMs: 300 })
      result = { pid: process.pid, won: true }
    } catch (error) {
      result = { pid: process.pid, won: false, error: { name: error.constructor.name, message: error.message } }
    }
    process.stdout.write(JSON.stringify(result) + '\\n')
    setInterval(() => {}, 1 << 30)
  `
  return Promise.all(
    Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      children.push(child)
      return new Promise<RaceResult>((resolve, reject) => {
        let out = ''
        let err = ''
        child.stderr?.on('data', (chunk) => {
          err += chunk
        })
        child.stdout?.on('data', (chunk) => {
          out += chunk
          if (out.includes('\n')) resolve(JSON.parse(out) as RaceResult)
        })
        child.on('exit', (code) => reject(new Error(`racer exited with ${code}: ${err}`)))
      })
    }),
  )
}

function expectOneWinner(dir: string, results: RaceResult[]) {
  const winners = results.filter((r) => r.won)
  expect(winners).toHaveLength(1)
  const winner = winners[0] as RaceResult
  expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(winner.pid))
  for (const loser of results.filter((r) => !r.won)) {
    expect(loser.error?.name).toBe('DataDirLockedError')
    expect(loser.error?.message).toContain(`The data directory ${dir} is in use by another process (pid ${winner.pid})`)
  }
  // Nothing but the lock is left behind by the losers.
  expect(readdirSync(dir)).toEqual(['server.lock'])
}

/** A pid no process has right now, starting from 999999. */
function deadPid() {
  for (let pid = 999_999; ; pid++) {
    try {
      process.kill(pid, 0)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return pid
    }
  }
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('lockDataDir', () => {
  test('writes our pid to <dir>/server.lock, creating the folder, and release removes the file', () => {
    const dir = path.join(tempDir(), 'nested', 'data')
    const release = lockDataDir(dir)
    const file = path.join(dir, 'server.lock')
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(file)).toBe(false)
  })

  test('a lock held by another live process refuses, after its patience, with DataDirLockedError naming the folder and the pid', async () => {
    const dir = tempDir()
    const holder = await holdLockInChild(dir)
    let caught: unknown
    try {
      lockDataDir(dir, { holderPatienceMs: 200 })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(DataDirLockedError)
    const message = (caught as Error).message
    expect(message).toContain(dir)
    expect(message).toContain(`pid ${holder.pid}`)
    expect(message).toMatch(/DATA_DIR|DATABASE_URL/)
    // The refused attempt left the holder's lock alone.
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(holder.pid))
  })

  test('a start right after the holder was killed with -9 waits for it to be torn down, then takes the lock', async () => {
    const dir = tempDir()
    const holder = await holdLockInChild(dir)
    process.kill(holder.pid as number, 'SIGKILL')
    // Still being torn down, then a zombie: this thread is busy in lockDataDir, so nothing reaps it.
    const release = lockDataDir(dir, { holderPatienceMs: 30_000 })
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    release()
  })

  test('a holder that dies shortly after a second process starts trying is waited for, and its lock taken over', async () => {
    const dir = tempDir()
    // The holder watches for the file a locking process writes before it tries (server.lock.new-…),
    // then kills itself with -9 (no release), as a crash or an outside kill would.
    const script = `
      const { readdirSync } = await import('node:fs')
      const { lockDataDir } = await import(${JSON.stringify(lockModule)})
      lockDataDir(${JSON.stringify(dir)})
      process.stdout.write('locked\\n')
      setInterval(() => {
        if (readdirSync(${JSON.stringify(dir)}).some((name) => name.startsWith('server.lock.new-'))) {
          process.kill(process.pid, 'SIGKILL')
        }
      }, 5)
    `
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', () => resolve())
      child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)))
    })
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(child.pid))
    const release = lockDataDir(dir, { holderPatienceMs: 30_000 })
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    release()
    expect(readdirSync(dir)).toEqual([])
  })

  test('a stale lock file holding a dead pid is taken over', () => {
    const dir = tempDir()
    const file = path.join(dir, 'server.lock')
    writeFileSync(file, String(deadPid()))
    const release = lockDataDir(dir)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(file)).toBe(false)
  })

  test('a lock file holding our own pid (an earlier run that had the same pid, as in a container) is taken over', () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'server.lock'), String(process.pid))
    const release = lockDataDir(dir)
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false)
  })

  test('a lock file holding garbage is taken over', () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'server.lock'), 'not a pid')
    const release = lockDataDir(dir)
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
    release()
  })

  test('release leaves a lock file that now belongs to another process', () => {
    const dir = tempDir()
    const file = path.join(dir, 'server.lock')
    const release = lockDataDir(dir)
    writeFileSync(file, '999999')
    release()
    expect(readFileSync(file, 'utf8')).toBe('999999')
  })

  test('of several processes locking one folder at the same instant, exactly one wins', async () => {
    const dir = tempDir()
    expectOneWinner(dir, await raceForLock(dir, 6))
  })

  test('of several processes taking over a stale lock at the same instant, exactly one wins', async () => {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'server.lock'), String(deadPid()))
    expectOneWinner(dir, await raceForLock(dir, 6))
  })

  test('an empty lock file is given patience: the pid its writer then puts in it is respected', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'server.lock')
    // A writer that creates the file first and fills in its pid a moment later.
    const script = `
      const { writeFileSync } = await import('node:fs')
      writeFileSync(${JSON.stringify(file)}, '')
      process.stdout.write('created\\n')
      setTimeout(() => writeFileSync(${JSON.stringify(file)}, String(process.pid)), 200)
      setInterval(() => {}, 1 << 30)
    `
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', () => resolve())
      child.on('exit', (code) => reject(new Error(`writer exited with ${code}`)))
    })
    expect(() => lockDataDir(dir, { emptyPatienceMs: 5_000, holderPatienceMs: 200 })).toThrow(
      new DataDirLockedError(
        `The data directory ${dir} is in use by another process (pid ${child.pid}). ` +
          'Only one process may use an embedded database: stop the other one, use another DATA_DIR, ' +
          'or set DATABASE_URL to share PostgreSQL between instances.',
      ),
    )
    expect(readFileSync(file, 'utf8')).toBe(String(child.pid))
  })

  test('an empty lock file older than the patience is stale and taken over', () => {
    const dir = tempDir()
    const file = path.join(dir, 'server.lock')
    writeFileSync(file, '')
    const past = new Date(Date.now() - 60_000)
    utimesSync(file, past, past)
    const release = lockDataDir(dir)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(file)).toBe(false)
  })
})
