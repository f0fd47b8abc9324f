import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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

  test('a lock held by another live process refuses with DataDirLockedError naming the folder and the pid', async () => {
    const dir = tempDir()
    const holder = await holdLockInChild(dir)
    let caught: unknown
    try {
      lockDataDir(dir)
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
})
