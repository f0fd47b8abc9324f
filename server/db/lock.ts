import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/**
 * How long a lock file without a pid is given before it counts as stale. Our own lock files are
 * never empty (see lockDataDir), but one written by an older version, or by hand, may be caught
 * between its creation and the write of its pid.
 */
export const EMPTY_LOCK_PATIENCE_MS = 1_000

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** The lock file's content and identity, read through one descriptor so they belong together; null when gone. */
function readLock(file: string): { text: string; ino: number; mtimeMs: number } | null {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null
    throw error
  }
  try {
    const { ino, mtimeMs } = fstatSync(fd)
    return { text: readFileSync(fd, 'utf8').trim(), ino, mtimeMs }
  } finally {
    closeSync(fd)
  }
}

const uniqueName = (file: string, tag: string) => `${file}.${tag}-${process.pid}-${randomBytes(6).toString('hex')}`

/**
 * Removes the stale lock file `staleIno`, and only that one: it is first renamed aside (atomic, so
 * of two processes removing it only one gets it). If what was renamed is a lock another process
 * took in the meantime, it is put back.
 */
function removeStaleLock(file: string, staleIno: number) {
  const aside = uniqueName(file, 'stale')
  try {
    renameSync(file, aside)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return
    throw error
  }
  try {
    if (statSync(aside).ino !== staleIno) linkSync(aside, file)
  } catch (error) {
    // EEXIST: a third process locked in between; it holds the folder now.
    if (!isCode(error, 'EEXIST')) throw error
  } finally {
    unlinkSync(aside)
  }
}

/**
 * Takes `<dir>/server.lock` holding our pid. PGlite is single-process: a second process on the
 * same folder would corrupt it, so a live holder means refuse; a dead holder's lock is taken over.
 *
 * The pid is written to a file of our own first, which is then hard-linked to the lock's name:
 * the link either fails (the lock exists) or creates the lock with its pid already in it, so of
 * two processes starting together exactly one wins, and nobody ever sees a half-written lock.
 */
export function lockDataDir(dir: string, { emptyPatienceMs = EMPTY_LOCK_PATIENCE_MS } = {}): () => void {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'server.lock')
  const pid = String(process.pid)
  const ours = uniqueName(file, 'new')
  writeFileSync(ours, pid)
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        linkSync(ours, file)
        return () => {
          try {
            if (readFileSync(file, 'utf8').trim() === pid) unlinkSync(file)
          } catch {}
        }
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error
      }
      const holder = readLock(file)
      if (!holder) continue
      if (holder.text === '' && Date.now() - holder.mtimeMs < emptyPatienceMs) {
        sleepSync(20)
        continue
      }
      const holderPid = /^\d+$/.test(holder.text) ? Number(holder.text) : null
      if (holderPid !== null && holderPid !== process.pid && alive(holderPid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${holderPid}). ` +
            'Only one process may use an embedded database: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to share PostgreSQL between instances.',
        )
      }
      // A dead pid, garbage, our own pid left by an earlier run (containers reuse pids), or an empty file past its patience.
      removeStaleLock(file, holder.ino)
    }
  } finally {
    try {
      unlinkSync(ours)
    } catch {}
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}: its lock file keeps changing.`)
}
