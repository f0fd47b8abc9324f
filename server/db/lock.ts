import { randomBytes } from 'node:crypto'
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/**
 * How long a lock file without a pid is given before it counts as stale. Our own lock files are
 * never empty (see lockDataDir), but one written by an older version, or by hand, may be caught
 * between its creation and the write of its pid.
 */
export const EMPTY_LOCK_PATIENCE_MS = 1_000

/**
 * How long a live holder is given to go away before the lock is refused (issue 27). A server
 * killed with -9 under load can take a moment to be torn down, and a restart 100 ms later
 * (systemd's default RestartSec) finds its pid still alive; one shutting down still closes its
 * database. A second server on the same folder is refused after this wait.
 */
export const HOLDER_PATIENCE_MS = 5_000
const HOLDER_POLL_MS = 25

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether the pid has exited and only waits for its parent to reap it (Linux: state Z or X in
 * /proc/<pid>/stat). A zombie holds no file and runs no code, but signal 0 still reaches it, and
 * a parent that is busy (or never reaps) can keep it so for as long as it likes.
 */
function zombie(pid: number): boolean {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return false // no /proc (macOS), or the pid is gone already: alive() tells
  }
  // 'pid (comm) S …': the name may hold spaces and parentheses, the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0)
  return state === 'Z' || state === 'X'
}

/** Whether the pid is a process that may still use the folder. */
const holding = (pid: number) => alive(pid) && !zombie(pid)

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

/** A takeover mark left by a process that died while holding it is cleared after this long. */
const TAKEOVER_STALE_MS = 2_000

/**
 * Removes the stale lock file `staleIno`, and only that one. Removers take turns through a second
 * lock (`server.lock.takeover`, taken by the same hard link): while one holds it, the stale lock
 * can only disappear through that one, so checking its identity and unlinking it cannot remove a
 * lock another process has just taken. Renaming the lock aside instead could, with three or more
 * processes racing, hide a fresh lock long enough for a third to take the folder as well.
 */
function removeStaleLock(file: string, staleIno: number, ours: string) {
  const takeover = `${file}.takeover`
  try {
    linkSync(ours, takeover)
  } catch (error) {
    if (!isCode(error, 'EEXIST')) throw error
    const mark = readLock(takeover)
    const markPid = mark && /^\d+$/.test(mark.text) ? Number(mark.text) : null
    // Another process is taking over: wait for it, unless it died holding the mark.
    if (mark && (markPid === null || !holding(markPid)) && Date.now() - mark.mtimeMs > TAKEOVER_STALE_MS) {
      try {
        unlinkSync(takeover)
      } catch {}
    } else sleepSync(10)
    return
  }
  try {
    const current = readLock(file)
    if (current && current.ino === staleIno) unlinkSync(file)
  } finally {
    unlinkSync(takeover)
  }
}

/**
 * Takes `<dir>/server.lock` holding our pid. PGlite is single-process: a second process on the
 * same folder would corrupt it, so a holder that stays alive for `holderPatienceMs` means refuse;
 * a dead holder's lock (a zombie's included) is taken over.
 *
 * The pid is written to a file of our own first, which is then hard-linked to the lock's name:
 * the link either fails (the lock exists) or creates the lock with its pid already in it, so of
 * two processes starting together exactly one wins, and nobody ever sees a half-written lock.
 */
export function lockDataDir(
  dir: string,
  { emptyPatienceMs = EMPTY_LOCK_PATIENCE_MS, holderPatienceMs = HOLDER_PATIENCE_MS } = {},
): () => void {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'server.lock')
  const pid = String(process.pid)
  const ours = uniqueName(file, 'new')
  writeFileSync(ours, pid)
  let waitingSince: number | null = null
  try {
    // Waiting for a live holder does not count as an attempt: its own deadline bounds it.
    for (let attempt = 0; attempt < 100; ) {
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
      if (!holder) {
        attempt++
        continue
      }
      if (holder.text === '' && Date.now() - holder.mtimeMs < emptyPatienceMs) {
        attempt++
        sleepSync(20)
        continue
      }
      const holderPid = /^\d+$/.test(holder.text) ? Number(holder.text) : null
      if (holderPid !== null && holderPid !== process.pid && holding(holderPid)) {
        waitingSince ??= Date.now()
        if (Date.now() - waitingSince < holderPatienceMs) {
          sleepSync(HOLDER_POLL_MS)
          continue
        }
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${holderPid}). ` +
            'Only one process may use an embedded database: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to share PostgreSQL between instances.',
        )
      }
      // A dead pid, garbage, our own pid left by an earlier run (containers reuse pids), or an empty file past its patience.
      attempt++
      removeStaleLock(file, holder.ino, ours)
    }
  } finally {
    try {
      unlinkSync(ours)
    } catch {}
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}: its lock file keeps changing.`)
}
