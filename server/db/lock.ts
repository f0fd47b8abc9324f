import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes `<dir>/server.lock` holding our pid. PGlite is single-process: a second process on the
 * same folder would corrupt it, so a live holder means refuse; a dead holder's lock is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file)
        } catch {}
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${holder}). ` +
            'Only one process may use an embedded database: stop the other one, use another DATA_DIR, ' +
            'or set DATABASE_URL to share PostgreSQL between instances.',
        )
      }
      unlinkSync(file)
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`)
}
